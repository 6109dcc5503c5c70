import { ActionIcon, Switch, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

const LABEL = 'Modo oscuro';

/** The light/dark switch; the choice is kept in localStorage by Mantine's color scheme manager. */
export function ColorSchemeToggle({ variant = 'switch' }: { variant?: 'switch' | 'icon' }) {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const toggle = () => {
    setColorScheme(dark ? 'light' : 'dark');
  };

  if (variant === 'icon') {
    return (
      <Tooltip label={LABEL}>
        <ActionIcon variant="default" size="lg" aria-label={LABEL} aria-pressed={dark} onClick={toggle}>
          {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
        </ActionIcon>
      </Tooltip>
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
