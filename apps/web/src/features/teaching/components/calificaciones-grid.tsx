import { MSG, type MateriaPeriodo } from '@arandu/shared';
import { Alert, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { endedSession } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-errors';
import { formatDocumentNumber, formatPercent } from '../../../lib/format';
import { downloadCalificaciones, useCalificaciones } from '../api/get-plan';
import { download, DownloadLink } from './download-link';
import { EmptyResult } from '../../../components/empty-result';

const number = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined ? '—' : n.toLocaleString('es-PY', { maximumFractionDigits: digits });

/** 'Calificaciones' of the plan page (spec 03 section 2.6): score/total per homework, % PP, % Asistencia. */
export function CalificacionesGrid({ mp }: { mp: MateriaPeriodo }) {
  const data = useCalificaciones(mp.id);
  if (data.isPending) return <Loader m="xl" />;
  if (data.isError) {
    if (endedSession(data.error)) return null;
    return (
      <Alert color="red" variant="light" title={MSG.studentListLoadFailed}>
        {failureMessage(data.error, MSG.errorGeneric)}
      </Alert>
    );
  }
  const { tareas, alumnos } = data.data;
  const showAsistencia = mp.showAssistPercentageInScores;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md">
          Listado de todas las notas
        </Title>
        <DownloadLink onClick={() => download(() => downloadCalificaciones(mp.id), 'Alumnos.xlsx')} />
      </Group>
      <Table.ScrollContainer minWidth={420 + tareas.length * 110}>
        <Table striped highlightOnHover withTableBorder withColumnBorders aria-label="Calificaciones">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº Documento</Table.Th>
              <Table.Th>Alumno</Table.Th>
              {tareas.map((t) => (
                <Table.Th key={t.id} ta="right" maw={160}>
                  <Tooltip
                    label={
                      t.utilizaPorcentajePesoMateria
                        ? `${t.descripcion} · peso ${number(t.porcentajePesoMateria)} %`
                        : t.descripcion
                    }
                  >
                    <Text size="sm" fw={700} lineClamp={2}>
                      {t.descripcion}
                    </Text>
                  </Tooltip>
                </Table.Th>
              ))}
              <Table.Th ta="right">% PP</Table.Th>
              {showAsistencia && <Table.Th ta="right">% Asistencia</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {alumnos.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4 + tareas.length}>
                  <EmptyResult />
                </Table.Td>
              </Table.Tr>
            )}
            {alumnos.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{formatDocumentNumber(a.numeroDocumento)}</Table.Td>
                <Table.Td>
                  {a.apellidoAlumno}, {a.nombreAlumno}
                </Table.Td>
                {tareas.map((t) => (
                  <Table.Td key={t.id} ta="right">
                    {number(a.calificaciones.find((c) => c.tareaId === t.id)?.puntaje)}/{number(t.puntajeTotal)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600}>
                  {formatPercent(a.porcentajePP)}
                </Table.Td>
                {showAsistencia && (
                  <Table.Td ta="right" fw={600}>
                    {formatPercent(a.porcentajeAsistencia)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
