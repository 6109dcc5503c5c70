import { MSG_TEACHING as T } from '@arandu/shared';
import { Alert, Group, Loader, Table, Text } from '@mantine/core';
import { endedSession } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate, formatPercent } from '../../../lib/format';
import { useMyAsistencias } from '../api/student';
import { MarkSymbol } from './mark-symbol';

/** The student's own marks: one column per session (date and reference) and the percentage. */
export function MyAttendance({ materiaPeriodoId }: { materiaPeriodoId: number }) {
  const list = useMyAsistencias(materiaPeriodoId, true);
  if (list.isPending) return <Loader m="xl" />;
  if (list.isError) {
    if (endedSession(list.error)) return null;
    return (
      <Alert color="red" variant="light">
        {failureMessage(list.error, T.asistenciaListLoadFailed)}
      </Alert>
    );
  }
  const { assists, studentAssists: alumnoAssists, pageInfo } = list.data;
  const me = pageInfo.items[0];
  if (assists.length === 0) return <Text c="dimmed">Todavía no se tomó asistencia en esta materia.</Text>;
  const markOf = (id: number) => alumnoAssists.find((m) => m.assistanceId === id)?.present;
  return (
    <Table.ScrollContainer minWidth={140 + assists.length * 90}>
      <Table withTableBorder withColumnBorders aria-label="Mis asistencias">
        <Table.Thead>
          <Table.Tr>
            {assists.map((a) => (
              <Table.Th key={a.id} ta="center">
                <Text size="sm" fw={700}>
                  {formatDate(a.date)}
                </Text>
                {a.reference && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {a.reference}
                  </Text>
                )}
              </Table.Th>
            ))}
            <Table.Th ta="right">% Asistencia</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {assists.map((a) => (
              <Table.Td key={a.id} ta="center">
                <Group justify="center">
                  <MarkSymbol present={markOf(a.id)} />
                </Group>
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={600}>
              {formatPercent(me?.porcentajeAsistencia)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
