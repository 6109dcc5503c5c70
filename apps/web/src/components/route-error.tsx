import { MSG_CORE } from '@arandu/shared';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** What a route shows when its screen fails to load or render (e.g. a chunk of an older build), never a blank page. */
export function RouteError() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} fz="h2">
          Error
        </Title>
        <Text c="dimmed">{MSG_CORE.errorGeneric}</Text>
        <Button
          onClick={() => {
            window.location.reload();
          }}
          variant="light"
          leftSection={<IconRefresh size={16} />}
        >
          Recargar la página
        </Button>
      </Stack>
    </Center>
  );
}
