import { Badge } from '@mantine/core';

/** State colours of spec 03 section 9: 0 secondary, 1 info, 2 success. */
export const ESTADO_COLOR: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'teal' };

export function EstadoBadge({ estado }: { estado: { value: number; label: string } }) {
  return (
    <Badge variant="light" color={ESTADO_COLOR[estado.value] ?? 'gray'}>
      {estado.label}
    </Badge>
  );
}
