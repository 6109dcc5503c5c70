import { Stack, Text } from '@mantine/core';

/** A list cell of two lines: the main text, and under it, dimmed, what places it (code, career, period). */
export function StackedCell({ main, detail }: { main: string; detail: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}
