import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Página no encontrada
        </Title>
        <Text c="dimmed">La dirección que intentó abrir no existe o fue movida.</Text>
        <Button component={Link} to={paths.dashboardDefault} variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
