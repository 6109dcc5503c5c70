import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The answer of Validar or Guardar beside the buttons: announced when it comes, its border coloured by the outcome. */
export function ResultPanel({ color, title, children }: { color: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="status"
      aria-live="polite"
      style={{ borderColor: `var(--mantine-color-${color}-filled)` }}
    >
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
