import type { ProfesorRef } from '@arandu/shared';
import { Stack, Text } from '@mantine/core';

/** The staff of a subject-period, one a line: "Enc:" for the head, "Aux:" for an auxiliary (spec 03). */
export function ProfesoresCell({ profesores }: { profesores: ProfesorRef[] }) {
  if (profesores.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Sin profesor
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {profesores.map((p) => (
        <Text key={p.id} size="sm">
          <Text span size="xs" c="dimmed" fw={600}>
            {p.role === 'Asistente' ? 'Aux:' : 'Enc:'}
          </Text>{' '}
          {p.apellido}, {p.nombre}
        </Text>
      ))}
    </Stack>
  );
}
