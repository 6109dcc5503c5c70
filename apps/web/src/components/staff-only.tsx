import { MSG, isStaff, type Role } from '@arandu/shared';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useSession, type StoredUser } from '../lib/session';

const rolesOf = (user: StoredUser | null): Role[] => (user?.roles ?? []).map((r) => r.role as Role);

/**
 * A staff screen (Administrador or Funcionario). Anyone else sees why they cannot use it instead of a list
 * that fails to load; the server refuses the calls either way (DOMAIN.md section 2).
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  if (isStaff({ roles: rolesOf(user) })) return children;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <IconLock size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Acceso restringido
        </Title>
        <Text c="dimmed" size="lg">
          {MSG.forbidden}. Esta página es para el personal de la facultad.
        </Text>
        <Button component={Link} to={paths.dashboardDefault} variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
