import { Stack, Text } from '@mantine/core';

/** A subject in a list cell: its name, and under it the code and where it belongs. */
export function MateriaCell({ materia, detail }: { materia: string; detail: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{materia}</Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}
