import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** The ten recovery codes, shown once: to copy or download now (only their hashes are kept). */
export function RecoveryCodes({ codes, appName }: { codes: string[]; appName: string }) {
  const download = () => {
    const text = `Códigos de recuperación de ${appName} (cada uno sirve una sola vez):\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'codigos-recuperacion.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert color="yellow" variant="light" title="Guarde sus códigos de recuperación">
      <Stack gap="sm">
        <Text size="sm">
          Si pierde el teléfono, cada código le permite ingresar una vez en lugar del código de la aplicación. No se
          volverán a mostrar.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" aria-label="Códigos de recuperación">
          {codes.map((c) => (
            <Code key={c} fz="sm">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group>
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={download}>
            Descargar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
