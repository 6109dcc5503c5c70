import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const minutes = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

/** Hours of class a week from the schedule rows ('HH:MM' to 'HH:MM'). */
export function weeklyHours(horarios: readonly { horaInicio: string; horaFin: string }[]): number {
  const total = horarios.reduce((sum, h) => sum + Math.max(0, minutes(h.horaFin) - minutes(h.horaInicio)), 0);
  return Math.round((total / 60) * 10) / 10;
}

export interface MateriaSummaryProps {
  materia: string;
  codigoMateria: string;
  seccion: string;
  carrera: string;
  semestreNroOrden: number;
  anho: number;
  horasSemanales: number;
  /** State badge and its action, figures: shown on the right. */
  aside?: ReactNode;
}

/** The head of a subject's screens: subject and section, career, semester, year and weekly hours. */
export function MateriaSummary(p: MateriaSummaryProps) {
  const item = (label: string, value: ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" radius="sm">
              {p.codigoMateria}
            </Badge>
            <Title order={2} fz={{ base: 18, sm: 20 }}>
              {p.materia} - Sección {p.seccion}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="xs">
            {item('Carrera', p.carrera)}
            {item('Semestre', `${p.semestreNroOrden}º`)}
            {item('Año', p.anho)}
            {item('Horas semanales', p.horasSemanales.toLocaleString('es-PY'))}
          </SimpleGrid>
        </Stack>
        {p.aside}
      </Group>
    </Paper>
  );
}
