import { Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { EnvBadge } from '../../components/env-badge';
import { usePublicSettings } from '../../lib/public-settings';
import { ProfileMenu } from './profile-menu';
import { ViewAsSelect } from './view-as-select';

/** The phone's menu button: Escape closes the menu and puts the focus back on it (app-layout.tsx). */
export const PHONE_MENU_BUTTON_ID = 'menu-telefono';

interface TopBarProps {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  desktopOpened: boolean;
  onToggleDesktop: () => void;
}

export function TopBar({ mobileOpened, onToggleMobile, desktopOpened, onToggleDesktop }: TopBarProps) {
  const { appName } = usePublicSettings();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          id={PHONE_MENU_BUTTON_ID}
          aria-label="Menú"
          aria-expanded={mobileOpened}
          aria-controls="main-menu"
        />
        <Burger
          opened={false}
          onClick={onToggleDesktop}
          visibleFrom="sm"
          size="sm"
          aria-label="Menú"
          aria-expanded={desktopOpened}
          aria-controls="main-menu"
        />
        <UnstyledButton component={Link} to={paths.dashboardDefault} aria-label={`${appName}: inicio`}>
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={34} radius="md" variant="filled">
              <IconSchool size={20} stroke={1.7} />
            </ThemeIcon>
            <Text fw={700} fz="lg" visibleFrom="xs">
              {appName}
            </Text>
          </Group>
        </UnstyledButton>
        <EnvBadge />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ViewAsSelect />
        <ProfileMenu />
      </Group>
    </Group>
  );
}
