import { EstadoExamen, examenHeld, MSG_EXAMENES, type Examen } from '@arandu/shared';
import { Alert } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

/**
 * Before the exam's date and time its scores cannot be entered nor the acta sealed (issue 30): the server
 * refuses both, and this says so above the table whose score cells it leaves read-only.
 */
export function NotHeldAlert({ exam: examen }: { exam: Pick<Examen, 'estado' | 'fecha'> }) {
  if (examen.estado.value === EstadoExamen.Sellado || examenHeld(examen.fecha, new Date())) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} />} role="status">
      {MSG_EXAMENES.beforeExam} ({formatDateTime(examen.fecha)}).
    </Alert>
  );
}
