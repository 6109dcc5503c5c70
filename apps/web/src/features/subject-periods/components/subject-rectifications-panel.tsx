import type { AlumnoMateria, RectificacionMateria } from '@arandu/shared';
import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { SubjectRectificationForm } from './subject-rectification-form';

const figures = (f: RectificacionMateria['nuevo']) =>
  `PP ${formatPercent(f.porcentajePP)} · Asist. ${formatPercent(f.porcentajeAsistencia)}`;

/**
 * A sealed subject-period's rectifications (issue 30): for each one the figures before and after, the reason,
 * who and when. Whoever holds 'actas:rectificar' may add one.
 */
export function SubjectRectificationsPanel({
  materiaPeriodoId,
  alumnos,
  rectificaciones,
  failed,
  canRectify,
}: {
  materiaPeriodoId: number;
  alumnos: AlumnoMateria[];
  rectificaciones: RectificacionMateria[];
  failed: boolean;
  canRectify: boolean;
}) {
  const [formOpen, setFormOpen] = useState(false);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} fz="md">
              Rectificaciones
            </Title>
            <Text size="sm" c="dimmed">
              La materia quedó sellada como está. Un % PP o % Asistencia mal registrado se corrige con una
              rectificación: se sella al guardarla y pasa a ser el valor del alumno.
            </Text>
          </div>
          {canRectify && (
            <Button leftSection={<IconFileCertificate size={16} />} onClick={() => setFormOpen(true)}>
              Rectificar registro
            </Button>
          )}
        </Group>
        {failed && <Alert color="red">Error al intentar cargar las rectificaciones</Alert>}
        {!failed && rectificaciones.length === 0 && (
          <Text size="sm" c="dimmed">
            Esta materia no tiene rectificaciones.
          </Text>
        )}
        {rectificaciones.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table withTableBorder striped aria-label="Rectificaciones de la materia">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>N.º</Table.Th>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Antes</Table.Th>
                  <Table.Th>Rectificada</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th>Sellada</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rectificaciones.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.nroRectificacion}</Table.Td>
                    <Table.Td>
                      {r.alumno}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {formatDocumentNumber(r.numeroDocumento)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{figures(r.anterior)}</Table.Td>
                    <Table.Td>{figures(r.nuevo)}</Table.Td>
                    <Table.Td maw={260}>{r.motivo}</Table.Td>
                    <Table.Td>
                      {formatDateTime(r.fecha)}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {r.usuario}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={formOpen} onClose={() => setFormOpen(false)} title="Rectificar registro de la materia" size="lg">
        <SubjectRectificationForm
          materiaPeriodoId={materiaPeriodoId}
          alumnos={alumnos}
          onDone={() => setFormOpen(false)}
        />
      </Modal>
    </Paper>
  );
}
