import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** '/pages': where a 'Ver como:' change leads when the user does not hold the chosen role. */
export function PagesIndexPage() {
  const user = useSession();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1} fz="h2">
          Bienvenido{user ? `, ${user.fullName}` : ''}
        </Title>
        <Text c="dimmed">Elija una opción del menú para comenzar.</Text>
        <Button
          component={Link}
          to={paths.dashboardDefault}
          variant="light"
          leftSection={<IconLayoutDashboard size={16} />}
        >
          Ir a mi tablero
        </Button>
      </Stack>
    </Center>
  );
}
