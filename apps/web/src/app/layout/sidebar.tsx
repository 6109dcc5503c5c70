import { AppShell, Box, Divider, NavLink, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { visibleNavGroups, type NavItem } from '../../config/navigation';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useTextDirection } from '../../lib/preferences';
import { useSession, useViewAs } from '../../lib/session';

/** The item the current address belongs to: the one with the longest matching path (and query, if it has one). */
function activeItem(items: NavItem[], pathname: string, search: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of items) {
    const [path = '', query] = item.to.split('?');
    const pathMatches = pathname === path || pathname.startsWith(`${path}/`);
    const queryMatches = !query || search === `?${query}`;
    if (pathMatches && queryMatches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useSession();
  const view = useViewAs();
  const { pathname, search } = useLocation();
  const [direction, setDirection] = useTextDirection();
  const groups = visibleNavGroups(user, view);
  const active = activeItem(
    groups.flatMap((group) => group.items),
    pathname,
    search,
  );

  return (
    <>
      <AppShell.Section grow component={ScrollArea} px="sm" py="md">
        {groups.map((group) => (
          <Box key={group.id} role="group" aria-labelledby={`nav-group-${group.id}`} mb="md">
            <Text id={`nav-group-${group.id}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => {
              const isActive = item === active;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={18} stroke={1.6} />}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={onNavigate}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Box>
        ))}
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="md">
        <Stack gap="sm">
          <ColorSchemeToggle />
          <Switch
            label="Texto de derecha a izquierda"
            checked={direction === 'rtl'}
            onChange={(event) => {
              setDirection(event.currentTarget.checked ? 'rtl' : 'ltr');
            }}
            size="md"
          />
        </Stack>
      </AppShell.Section>
    </>
  );
}
