import { ENROL_MSG, type MiMallaMateria } from '@arandu/shared';
import { Alert, Badge, Card, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock, IconCircleDashed, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { formatDate, formatDecimal } from '../../../lib/format';
import { useMyMalla } from '../api/get-dashboard';

const ESTADO = {
  aprobada: { label: 'Aprobada', color: 'teal', icon: IconCircleCheck },
  cursando: { label: 'Cursando', color: 'blue', icon: IconClock },
  pendiente: { label: 'Pendiente', color: 'gray', icon: IconCircleDashed },
} as const;

function Estado({ m }: { m: MiMallaMateria }) {
  const e = ESTADO[m.estado];
  const Icon = e.icon;
  return (
    <Badge
      color={e.color}
      variant="light"
      tt="none"
      style={{ overflow: 'visible' }}
      // Never narrower than its word: the label's ellipsis let the table give the status column so little room,
      // beside a subject with a long list of correlatives, that 'Pendiente' read 'Pen…'.
      styles={{ label: { overflow: 'visible' } }}
      leftSection={<Icon size={14} aria-hidden />}
    >
      {e.label}
    </Badge>
  );
}

function detail(m: MiMallaMateria): string {
  if (m.estado === 'aprobada') return `Nota ${m.calificacion}${m.fechaExamen ? ` · ${formatDate(m.fechaExamen)}` : ''}`;
  if (m.estado === 'cursando') return `Sección ${m.seccion}`;
  return '';
}

const CONDICION = { regular: 'regularizada', aprobada: 'aprobada' } as const;

/**
 * A subject's correlatives (issue 29) and, for one the student cannot take yet, a lock with every reason:
 * seen here before the enrolment form refuses it.
 */
function Correlativas({ m }: { m: MiMallaMateria }) {
  if (m.correlativas.length === 0) return null;
  return (
    <>
      <Text size="xs" c="dimmed">
        Correlativas: {m.correlativas.map((c) => `${c.materia} (${CONDICION[c.condicion]})`).join(', ')}
      </Text>
      {m.bloqueos.length > 0 && (
        <Group gap={4} wrap="nowrap" align="flex-start" mt={2}>
          <IconLock size={14} aria-label="Bloqueada" color="var(--mantine-color-red-text)" />
          <Text size="xs" c="red">
            {m.bloqueos.join(' · ')}
          </Text>
        </Group>
      )}
    </>
  );
}

/**
 * 'Mi Malla' (/pages/account/my-malla, the profile menu): the student's curriculum by semester, each subject
 * passed (grade and date), under way this period or pending, and the progress.
 */
export function MyMallaPage() {
  const malla = useMyMalla();
  useEffect(() => {
    if (malla.error && !isNotFound(malla.error)) toast.error(failureMessage(malla.error, ENROL_MSG.materiasLoadFailed));
  }, [malla.error]);

  if (malla.isPending) return <PageLoader />;
  if (!malla.data) {
    return (
      <Stack maw={900}>
        <PageHeader title="Mi Malla" />
        <Alert color="gray">{ENROL_MSG.notAStudent}</Alert>
      </Stack>
    );
  }
  const m = malla.data;
  return (
    <Stack gap="md" maw={1300}>
      <PageHeader title="Mi Malla" description={`${m.carrera} - ${m.malla}`} />
      <Paper withBorder radius="md" p="md" component="section" aria-label="Avance">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Text fw={600}>
            {m.aprobadas} de {m.total} materias aprobadas ({formatDecimal(m.porcentaje, 1)} %)
          </Text>
          <Group gap="xs">
            <Badge color="teal" variant="light">
              Aprobadas: {m.aprobadas}
            </Badge>
            <Badge color="blue" variant="light">
              Cursando: {m.cursando}
            </Badge>
            <Badge color="gray" variant="light">
              Pendientes: {m.total - m.aprobadas - m.cursando}
            </Badge>
          </Group>
        </Group>
        {/* Each section is a progressbar of its own, named by what it counts; a name on the root (a plain div)
            was prohibited and left the bars unnamed (axe, issue 34 item 11). */}
        <Progress.Root size="lg">
          <Progress.Section
            value={m.total ? (m.aprobadas / m.total) * 100 : 0}
            color="teal"
            aria-label={`Aprobadas: ${m.aprobadas} de ${m.total}`}
          />
          <Progress.Section
            value={m.total ? (m.cursando / m.total) * 100 : 0}
            color="blue"
            aria-label={`Cursando: ${m.cursando} de ${m.total}`}
          />
        </Progress.Root>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {m.semestres.map((s) => (
          <Card key={s.id} withBorder radius="md" padding="md" component="section" aria-label={s.nombre}>
            <Title order={2} fz="md" mb="xs">
              {s.nombre}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={6}>
                <Table.Tbody>
                  {s.materias.map((x) => (
                    <Table.Tr key={x.materiaMallaId}>
                      <Table.Td w={90}>
                        <Text size="xs" c="dimmed">
                          {x.codigo}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{x.nombre}</Text>
                        <Text size="xs" c="dimmed">
                          {detail(x)}
                        </Text>
                        <Correlativas m={x} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Estado m={x} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
