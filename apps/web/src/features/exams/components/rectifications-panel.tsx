import { type Examen, type FigurasActa, type InscripcionExamen, type Rectificacion } from '@arandu/shared';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { useRectificaciones } from '../api/exams-api';
import { RectificationForm } from './rectification-form';

/** The figures of one side, in one cell: what decides the grade, then the grade. */
function Figures({ f }: { f: FigurasActa }) {
  return (
    <Text size="sm">
      PF {formatPercent(f.porcentajePF)} · PC {formatPercent(f.porcentajePC)} · PP {formatPercent(f.porcentajePP)} ·
      Asist. {formatPercent(f.porcentajeAsistencia)}
      <br />
      <strong>
        {f.calificacion} - {f.calificacionLetras}
      </strong>
    </Text>
  );
}

/**
 * A sealed exam's actas rectificativas beside the acta they correct: for each one the original figures and
 * the rectified ones, side by side, with its number, reason and print link. Whoever holds 'actas:rectificar'
 * may add one.
 */
export function RectificationsPanel({ exam, canRectify }: { exam: Examen; canRectify: boolean }) {
  const list = useRectificaciones(exam.id);
  const [formOpen, setFormOpen] = useState(false);
  const rows = list.data ?? [];
  const lastOf = (row: InscripcionExamen): Rectificacion | undefined =>
    rows.filter((r) => r.inscripcionId === row.id && r.vigente).at(-1);
  const currentOf = (row: InscripcionExamen) => lastOf(row)?.nuevo ?? row;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} fz="lg">
              Actas rectificativas
            </Title>
            <Text size="sm" c="dimmed">
              El acta {exam.nroActa} quedó sellada como está. Una nota mal registrada se corrige con un acta
              rectificativa: se sella al guardarla y pasa a ser la nota del alumno en su estado académico.
            </Text>
          </div>
          {canRectify && (
            <Button leftSection={<IconFileCertificate size={16} />} onClick={() => setFormOpen(true)}>
              Rectificar acta
            </Button>
          )}
        </Group>
        {list.isPending && <Text size="sm">Cargando…</Text>}
        {list.isError && <Alert color="red">Error al intentar cargar las actas rectificativas</Alert>}
        {list.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Esta acta no tiene rectificaciones.
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table withTableBorder striped aria-label="Actas rectificativas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>N.º</Table.Th>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Acta {exam.nroActa} (antes)</Table.Th>
                  <Table.Th>Rectificada</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th>Sellada</Table.Th>
                  <Table.Th>Imprimir</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {r.nroRectificacion}
                      {!r.vigente && (
                        <Badge color="red" variant="light" ml={4}>
                          Reemplazada
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.alumno}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {formatDocumentNumber(r.numeroDocumento)} · {r.instancia.label}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Figures f={r.anterior} />
                    </Table.Td>
                    <Table.Td>
                      <Figures f={r.nuevo} />
                    </Table.Td>
                    <Table.Td maw={260}>{r.motivo}</Table.Td>
                    <Table.Td>
                      {formatDateTime(r.fecha)}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {r.usuario} · {r.codigoVerificacion}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="light"
                        size="xs"
                        component={Link}
                        to={paths.exams.showRectificacion(exam.id, r.id)}
                        leftSection={<IconPrinter size={14} />}
                        aria-label={`Imprimir acta rectificativa ${r.nroRectificacion}`}
                      >
                        Imprimir
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={formOpen} onClose={() => setFormOpen(false)} title="Rectificar acta" size="lg">
        <RectificationForm
          examenId={exam.id}
          inscriptos={exam.inscriptos}
          currentOf={currentOf}
          onDone={() => setFormOpen(false)}
        />
      </Modal>
    </Paper>
  );
}
