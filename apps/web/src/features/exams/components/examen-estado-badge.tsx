import { EstadoExamen, isActivoExpirado } from '@arandu/shared';
import { Badge, Group, Text } from '@mantine/core';

/** Spec 02 section 4: sealed success, inconsistent danger, a future date info, otherwise secondary. */
export function examenEstadoColor(estado: number, fecha: string, now = new Date()): string {
  if (estado === EstadoExamen.Sellado) return 'teal';
  if (estado === EstadoExamen.Inconsistente) return 'red';
  return new Date(fecha).getTime() > now.getTime() ? 'blue' : 'gray';
}

/** The exam's state, or 'Activo expirado' when its date is past and it is not sealed. */
export function examenEstadoLabel(estado: { value: number; label: string }, fecha: string, now = new Date()): string {
  return estado.value === EstadoExamen.Activo && isActivoExpirado(estado.value, fecha, now)
    ? 'Activo expirado'
    : estado.label;
}

export function ExamenEstadoBadge({ estado, fecha }: { estado: { value: number; label: string }; fecha: string }) {
  return (
    <Badge variant="light" color={examenEstadoColor(estado.value, fecha)} miw="max-content">
      {examenEstadoLabel(estado, fecha)}
    </Badge>
  );
}

const LEGEND: [string, string, string][] = [
  ['Activo', 'blue', 'Activo, con fecha futura'],
  ['Activo expirado', 'gray', 'Fecha pasada sin sellar'],
  ['Inconsistencia de datos', 'red', 'Notas distintas a las de la materia'],
  ['Sellado', 'teal', 'Acta cerrada'],
];

/** The legend of exam states under the list. */
export function ExamenEstadoLegend() {
  return (
    <Group gap="lg" mt="xs" aria-label="Leyenda de estados">
      {LEGEND.map(([label, color, text]) => (
        <Group gap={6} key={label} wrap="nowrap">
          <Badge variant="light" color={color}>
            {label}
          </Badge>
          <Text size="xs" c="dimmed">
            {text}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
