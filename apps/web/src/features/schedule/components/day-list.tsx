import type { HorarioOcurrencia } from '@arandu/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { byDate, daysTodayFirst, localTime, placeDay } from '../week';

const DAY_NAMES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const dayName = (date: string) => DAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** The week on a phone: a list by day, today first. */
export function DayList({ days, list, today }: { days: string[]; list: HorarioOcurrencia[]; today: string }) {
  const dates = byDate(list);
  return (
    <Stack gap="md" data-testid="day-list">
      {daysTodayFirst(days, today).map((day) => {
        const placed = placeDay(dates.get(day) ?? []);
        return (
          <section key={day} aria-labelledby={`dia-${day}`}>
            <Title order={2} fz="md" id={`dia-${day}`} mb={6}>
              {day === today ? 'Hoy, ' : ''}
              {dayName(day)} {formatDate(day)}
            </Title>
            {placed.length === 0 ? (
              <Text c="dimmed" size="sm">
                Sin clases
              </Text>
            ) : (
              <Stack gap={6}>
                {placed.map(({ o, clash }) => (
                  <Card key={`${o.tipo}-${o.inicio}-${o.materia}`} withBorder padding="xs" radius="md">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} size="sm">
                        {o.tipo === 'examen' ? `Examen: ${o.materia}` : o.materia}
                      </Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {localTime(o.inicio)}-{localTime(o.fin)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      Sección {o.seccion}
                      {o.aula ? ` · Aula ${o.aula}` : ''}
                      {o.profesor ? ` · ${o.profesor}` : ''}
                    </Text>
                    {clash && (
                      <Badge color="red" variant="light" mt={4} size="sm">
                        Choque de horario
                      </Badge>
                    )}
                  </Card>
                ))}
              </Stack>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
