import { auditColumnLabel, type AuditItem } from '@arandu/shared';
import { Stack, Text } from '@mantine/core';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What one audit row changed, column by column in Spanish: 'Calificación: 2 → 4'. */
export function AuditChanges({ item }: { item: AuditItem }) {
  const before = item.valoresAnteriores ?? {};
  const after = item.valoresNuevos ?? {};
  // Columns whose values the log keeps hidden (a password's hash) are listed as affected but carry no value.
  const keys = (item.columnasAfectadas.length > 0 ? item.columnasAfectadas : Object.keys(after)).filter(
    (key) => key in before || key in after,
  );
  if (keys.length === 0) return null;
  return (
    <Stack gap={2}>
      {keys.map((key) => {
        const had = key in before;
        const has = key in after;
        return (
          <Text key={key} size="xs" style={{ wordBreak: 'break-word' }}>
            <Text span fw={600} size="xs">
              {auditColumnLabel(key)}:
            </Text>{' '}
            {had && show(before[key])}
            {had && has && ' → '}
            {has && show(after[key])}
          </Text>
        );
      })}
    </Stack>
  );
}
