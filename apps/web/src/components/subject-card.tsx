import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../lib/format';
import { ESTADO_COLOR, EstadoBadge } from './estado-badge';

interface MateriaCardProps {
  /** Where a click goes: the subject's detail for the role. */
  to: string;
  /** The dashboard row of the role (student or professor). */
  materia: {
    codigoMateria: string;
    seccion: string;
    materia: string;
    estado: { value: number; label: string };
    rendimientoAlumno: { fechaPublicado: string | null; fechaSellado: string | null; fechaExpiracion: string | null };
  };
  /** The two lines under the title, as the role's spec lists them: the career, then semester and year. */
  carrera: ReactNode;
  semestre: ReactNode;
  /** The bottom row: percentages for a student, the head count for a professor. */
  footer: ReactNode;
}

/**
 * One starred subject of a 'Tablero' (spec 02 section 2 and spec 03 section 2.5): code, section and state on
 * top, the subject's name, the role's details, the publication dates once published, and the role's footer.
 * The top border takes the state's colour, as the dashboard's legend shows.
 */
export function MateriaCard({ to, materia: m, carrera, semestre, footer }: MateriaCardProps) {
  const { fechaPublicado, fechaSellado, fechaExpiracion } = m.rendimientoAlumno;
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="md"
      style={{
        textDecoration: 'none',
        borderTop: `4px solid var(--mantine-color-${ESTADO_COLOR[m.estado.value]}-filled)`,
      }}
    >
      <Stack gap="xs" h="100%">
        {/* The link is named by its content (WCAG 2.5.3: the name contains the visible text); this hidden
            line puts the short name a screen reader announces first. */}
        <VisuallyHidden>{`${m.materia} - Sección ${m.seccion}`}</VisuallyHidden>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {m.codigoMateria}
            </Badge>
            <Badge variant="outline" color="gray" radius="sm">
              Sección {m.seccion}
            </Badge>
          </Group>
          <EstadoBadge estado={m.estado} />
        </Group>
        <Title order={2} fz="md" lh={1.3}>
          {m.materia}
        </Title>
        <Text size="sm" c="dimmed">
          {carrera}
        </Text>
        <Text size="sm">{semestre}</Text>
        {m.estado.value > 0 && (
          <Stack gap={0}>
            {fechaPublicado && <Text size="xs">Publicado: {formatDate(fechaPublicado)}</Text>}
            {m.estado.value === 2 && fechaSellado && <Text size="xs">Sellado: {formatDate(fechaSellado)}</Text>}
            {fechaExpiracion && <Text size="xs">Vence: {formatDate(fechaExpiracion)}</Text>}
          </Stack>
        )}
        {/* No record number: an internal id means nothing to the reader (issue 43). */}
        <Group mt="auto" pt="xs" wrap="nowrap">
          {footer}
        </Group>
      </Stack>
    </Card>
  );
}
