import { MSG_TEACHING as T } from '@arandu/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarCheck, IconListDetails } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EstadoBadge } from '../../../components/estado-badge';
import { NotFoundPage } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { endedSession } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { useMyMateria } from '../api/student';
import { MyAttendance } from '../components/my-attendance';
import { MyHomeworkList } from '../components/my-homework-list';
import { MateriaSummary, weeklyHours } from '../components/subject-summary';
import { formatPercent } from '../../../lib/format';
import { MateriaTabs } from '../components/subject-tabs';

const percent = (n: number | null) => formatPercent(n, { sign: true });

/**
 * Subject detail for the student (spec 02 section 2): header, weekly hours, their PP and attendance, the
 * Tareas tab with their own scores and the Asistencias tab, loaded the first time it is opened.
 */
export function AlumnoMateriaPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const materia = useMyMateria(id);
  const [tab, setTab] = useState<string | null>('tareas');
  const [asistenciasOpened, setAsistenciasOpened] = useState(false);

  useEffect(() => {
    if (materia.error && !endedSession(materia.error) && !isNotFound(materia.error)) toast.error(T.materiaLoadFailed);
  }, [materia.error]);

  if (materia.isPending) return <PageLoader />;
  if (materia.isError) return isNotFound(materia.error) ? <NotFoundPage /> : null;
  const m = materia.data;
  const volver = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
      Volver
    </Button>
  );
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title="Detalle de la materia" description={m.semestre} actions={volver} />
      <MateriaSummary
        materia={m.materia}
        codigoMateria={m.codigoMateria}
        seccion={m.seccion}
        carrera={m.carrera}
        semestreNroOrden={m.semestreNroOrden}
        anho={m.anho}
        horasSemanales={weeklyHours(m.horarios)}
        aside={
          <Stack gap={6} align="flex-end">
            <EstadoBadge estado={m.estado} />
            <Group gap={6}>
              <Badge
                size="lg"
                variant="light"
                color="grape"
                style={{ textTransform: 'none' }}
                title={T.ppAcumuladoAyuda}
              >
                {T.ppAcumulado} {percent(m.porcentajePP)}
              </Badge>
              <Badge size="lg" variant="light" color="cyan" style={{ textTransform: 'none' }}>
                Asistencia {percent(m.porcentajeAsistencia)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" ta="right">
              {T.ppAcumulado}: {T.ppAcumuladoAyuda.toLowerCase()}
            </Text>
          </Stack>
        }
      />
      {m.horarios.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={3} fz="md" mb="xs">
            Horario semanal
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table striped aria-label="Horario semanal">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Día</Table.Th>
                  <Table.Th>Hora Inicio</Table.Th>
                  <Table.Th>Hora Fin</Table.Th>
                  <Table.Th>Aula</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.horarios.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{h.dia.label}</Table.Td>
                    <Table.Td>{h.horaInicio}</Table.Td>
                    <Table.Td>{h.horaFin}</Table.Td>
                    <Table.Td>{h.aula ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <MateriaTabs
        value={tab}
        onChange={(value) => {
          setTab(value);
          if (value === 'asistencias') setAsistenciasOpened(true);
        }}
        tabs={[
          {
            value: 'tareas',
            label: 'Tareas',
            icon: <IconListDetails size={16} />,
            panel: <MyHomeworkList materiaPeriodoId={m.id} />,
          },
          ...(m.editarAsistencias
            ? []
            : [
                {
                  value: 'asistencias',
                  label: 'Asistencias',
                  icon: <IconCalendarCheck size={16} />,
                  panel: asistenciasOpened && <MyAttendance materiaPeriodoId={m.id} />,
                },
              ]),
        ]}
      />
      <Group justify="flex-end">{volver}</Group>
    </Stack>
  );
}
