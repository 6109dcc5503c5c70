import type { InscriptionLine } from '@arandu/shared';
import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** The answer of a save: one success or error line per changed subject (spec 02 section 2). */
export function InscriptionResult({ lines }: { lines: InscriptionLine[] }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
      <Title order={2} fz="md" mb="sm">
        Resultado de la inscripción
      </Title>
      <List spacing="xs" center>
        {lines.map((l) => (
          <List.Item
            key={l.materiaPeriodoId}
            data-result={l.error ? 'error' : 'success'}
            icon={
              <ThemeIcon color={l.error ? 'red' : 'teal'} size={22} radius="xl" variant="light">
                {l.error ? <IconX size={14} /> : <IconCheck size={14} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={l.error ? 'red' : undefined}>
              <strong>{l.materia || `#${l.materiaPeriodoId}`}</strong>: {l.error ?? l.success}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
