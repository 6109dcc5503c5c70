import { OUTBOX_STATE_LABELS, type OutboxState } from '@arandu/shared';
import { Badge } from '@mantine/core';

const COLORS: Record<OutboxState, string> = {
  pendiente: 'blue',
  enviando: 'blue',
  enviado: 'teal',
  fallido: 'red',
  retenido: 'orange',
};

export function OutboxStateBadge({ estado }: { estado: OutboxState }) {
  return (
    <Badge variant="light" color={COLORS[estado]} style={{ textTransform: 'none' }}>
      {OUTBOX_STATE_LABELS[estado]}
    </Badge>
  );
}
