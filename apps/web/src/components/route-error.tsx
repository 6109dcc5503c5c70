import { MSG } from '@arandu/shared';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found';

/** What a route shows when it fails to load or render, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} fz="h2">
          Error
        </Title>
        <Text c="dimmed">{MSG.errorGeneric}</Text>
        <Button onClick={() => window.location.reload()} variant="light" leftSection={<IconRefresh size={16} />}>
          Recargar la página
        </Button>
      </Stack>
    </Center>
  );
}
