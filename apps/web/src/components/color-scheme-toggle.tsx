import { ActionIcon, Switch, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

const LABEL = 'Modo oscuro';

/** The light/dark switch; the choice is kept in localStorage by Mantine's color scheme manager. */
export function ColorSchemeToggle({ variant = 'switch' }: { variant?: 'switch' | 'icon' }) {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const toggle = () => {
    setColorScheme(dark ? 'light' : 'dark');
  };

  // The login page's variant: a native title instead of Mantine's Tooltip, whose positioning library would
  // be most of the page's JavaScript after React (issue 16).
  if (variant === 'icon') {
    return (
      <ActionIcon variant="default" size="lg" aria-label={LABEL} title={LABEL} aria-pressed={dark} onClick={toggle}>
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    );
  }
  return (
    <Switch
      label={LABEL}
      checked={dark}
      onChange={toggle}
      onLabel={<IconMoon size={14} />}
      offLabel={<IconSun size={14} />}
      size="md"
    />
  );
}
