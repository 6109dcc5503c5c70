import { REPORT_FILES, type AcademicStatus } from '@arandu/shared';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RectifiedBadge } from '../../../components/rectification/rectified-badge';
import { formatDate, formatDocumentNumber } from '../../../lib/format';
import { downloadAcademicStatus } from '../api/reports-api';
import { ChartCard } from './chart-card';
import { DownloadButton } from './download-button';

const PASSING_GRADE = 2;

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

function SemesterTable({ semestre, materias }: AcademicStatus['semestres'][number]) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`Semestre ${semestre}`}>
      <Title order={2} fz="md" mb="xs">
        Semestre {semestre}º
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código</Table.Th>
              <Table.Th>Materia</Table.Th>
              <Table.Th ta="right">Calificación</Table.Th>
              <Table.Th>En letras</Table.Th>
              <Table.Th>Nº Acta</Table.Th>
              <Table.Th>Fecha examen</Table.Th>
              <Table.Th>Periodo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {materias.map((m, index) => (
              <Table.Tr key={`${m.materiaMallaId}-${index}`}>
                <Table.Td>{m.codigo}</Table.Td>
                <Table.Td>{m.materia}</Table.Td>
                <Table.Td ta="right">
                  {m.calificacion === null ? (
                    ''
                  ) : (
                    <Badge variant="light" color={m.calificacion >= PASSING_GRADE ? 'teal' : 'red'}>
                      {m.calificacion}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.calificacionLetras ?? (
                    <Text c="dimmed" size="sm">
                      Sin calificación
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.nroActa}
                  {m.rectificacion && (
                    <>
                      {' '}
                      <RectifiedBadge rectificacion={m.rectificacion} />
                    </>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(m.fechaExamen)}</Table.Td>
                <Table.Td>{m.periodo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Subjects passed and still pending in each semester, for the chart. */
function progressBySemester(status: AcademicStatus) {
  return status.semestres.map(({ semestre, materias }) => {
    const aprobadaPorMateria = new Map<number, boolean>();
    for (const m of materias) {
      aprobadaPorMateria.set(
        m.materiaMallaId,
        aprobadaPorMateria.get(m.materiaMallaId) || (m.calificacion ?? 0) >= PASSING_GRADE,
      );
    }
    const aprobadas = [...aprobadaPorMateria.values()].filter(Boolean).length;
    return { semestre: `${semestre}º`, Aprobadas: aprobadas, Pendientes: aprobadaPorMateria.size - aprobadas };
  });
}

/** 'Estado académico alumno' (spec 03 section 2.15 item 4): personal data and one table a semester. */
export function AcademicStatusView({ status }: { status: AcademicStatus }) {
  const navigate = useNavigate();
  const { alumno, resumen } = status;
  return (
    <Stack gap="md">
      <PageHeader
        title="Estado académico alumno"
        description={`${alumno.apellido}, ${alumno.nombre}`}
        actions={
          <>
            <DownloadButton fileName={REPORT_FILES.academicStatus} download={() => downloadAcademicStatus(alumno.id)} />
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
              Cancelar - Volver
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Datos personales">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Nombres" value={alumno.nombre} />
            <Field label="Apellidos" value={alumno.apellido} />
            <Field label="Nº de documento" value={formatDocumentNumber(alumno.numeroDocumento)} />
            <Field label="Legajo" value={alumno.numeroLegajo} />
            <Field label="Domicilio" value={alumno.domicilio} />
            <Field label="Año de ingreso" value={alumno.anhoIngreso} />
            <Field label="Carrera" value={alumno.carrera} />
            <Field label="Malla" value={alumno.malla} />
          </SimpleGrid>
          <Group gap="xs" mt="md">
            <Badge size="lg" variant="light" color="teal">
              {resumen.aprobadas} de {resumen.materias} materias aprobadas
            </Badge>
            {resumen.promedio !== null && (
              <Badge size="lg" variant="light">
                Promedio {resumen.promedio.toLocaleString('es-PY')}
              </Badge>
            )}
          </Group>
        </Paper>
        <ChartCard
          title="Avance por semestre"
          loading={false}
          failed={false}
          empty={status.semestres.length === 0}
          height={200}
          table={{
            dataKey: 'semestre',
            dataLabel: 'Semestre',
            series: ['Aprobadas', 'Pendientes'],
            data: progressBySemester(status),
          }}
        >
          <BarChart
            h={200}
            data={progressBySemester(status)}
            dataKey="semestre"
            type="stacked"
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: 'Aprobadas', color: 'teal.6' },
              { name: 'Pendientes', color: 'gray.4' },
            ]}
            withLegend
            tickLine="y"
          />
        </ChartCard>
      </SimpleGrid>
      {status.semestres.map((s) => (
        <SemesterTable key={s.semestre} {...s} />
      ))}
    </Stack>
  );
}
