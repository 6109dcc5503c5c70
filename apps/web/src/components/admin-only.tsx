import { MSG } from '@arandu/shared';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** An administrators' screen ('Correos'): anyone else sees why instead of a list that fails to load. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  if (user?.esAdmin) return children;
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
          {MSG.forbidden}. Esta página es para los administradores.
        </Text>
        <Button component={Link} to={paths.dashboardDefault} variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
