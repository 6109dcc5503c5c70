import {
  CAUSA_ALERTA_LABEL,
  CAUSAS_ALERTA,
  type AlertasRun,
  type AlumnoAlertado,
  type EjecucionAlertas,
} from '@arandu/shared';
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminOnly } from '../../../components/admin-only';
import { CausaAlertaBadge } from '../../../components/causa-alerta-badge';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataList } from '../../../components/data-list/data-list';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { countOf, formatDateTime, formatDocumentNumber } from '../../../lib/format';
import { alertasPageOptions, useEstadoAlertas, useRunAlertas, type AlertasFilters } from '../api/alertas';

const EMPTY_FILTERS: AlertasFilters = { causa: null };
const CAUSA_OPTIONS = CAUSAS_ALERTA.map((value) => ({ value, label: CAUSA_ALERTA_LABEL[value] }));
// On a phone the subject and the detail go under the student instead of in columns of their own.
const wide = (t: { breakpoints: Record<string, string> }) => `(min-width: ${t.breakpoints.sm})`;

const COLUMNS: DataTableColumn<AlumnoAlertado>[] = [
  {
    accessor: 'alumno',
    title: 'Alumno',
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm">{a.alumno}</Text>
        <Text size="xs" c="dimmed">
          Documento {formatDocumentNumber(a.documento)}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {a.materia}: {a.detalle}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'materia', title: 'Materia', visibleMediaQuery: wide },
  { accessor: 'causa', title: 'Causa', render: (a) => <CausaAlertaBadge causa={a.causa} /> },
  { accessor: 'detalle', title: 'Detalle', visibleMediaQuery: wide },
];

/** '2 Ausencias consecutivas, 1 PP bajo el mínimo': the new warnings of a run by cause. */
function byCause(run: EjecucionAlertas): string {
  return run.porCausa.map((c) => `${c.cantidad} ${CAUSA_ALERTA_LABEL[c.causa]}`).join(', ');
}

/** The toast after 'Ejecutar ahora': what the run found, new and already given, and the mails it queued. */
export function runToast(run: AlertasRun, last: EjecucionAlertas | null): string {
  const revisadas = countOf(run.materias, 'materia revisada', 'materias revisadas');
  const nuevas =
    run.alertas === 0
      ? 'ninguna alerta nueva'
      : `${countOf(run.alertas, 'alerta nueva', 'alertas nuevas')}${last ? ` (${byCause(last)})` : ''}`;
  const yaDadas = run.encontradas - run.alertas;
  const antes = yaDadas > 0 ? `; ${countOf(yaDadas, 'ya se había dado', 'ya se habían dado')} antes` : '';
  const correos = run.correos > 0 ? `; ${countOf(run.correos, 'correo en cola', 'correos en cola')}` : '';
  return `Revisión terminada: ${revisadas}, ${nuevas}${antes}${correos}.`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function LastRun({ run }: { run: EjecucionAlertas }) {
  const quien =
    run.origen === 'programada'
      ? 'La revisión diaria automática'
      : run.usuario
        ? `${run.usuario} (Ejecutar ahora)`
        : 'Un administrador (Ejecutar ahora)';
  const count = (causa: (typeof CAUSAS_ALERTA)[number]) => run.porCausa.find((c) => c.causa === causa)?.cantidad ?? 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Figure label="Fecha y hora" value={formatDateTime(run.inicio)} />
        <Figure label="Ejecutada por" value={quien} />
        <Figure label="Materias revisadas" value={String(run.materias)} />
        <Figure label="Alertas nuevas" value={String(run.nuevas)} />
        <Figure label="Alertas ya dadas antes" value={String(run.encontradas - run.nuevas)} />
        <Figure label="Correos en cola" value={String(run.correos)} />
      </SimpleGrid>
      <Stack gap={6} component="section" aria-label="Alertas nuevas por causa">
        <Text size="sm" fw={600}>
          Alertas nuevas por causa
        </Text>
        <Group gap="md">
          {CAUSAS_ALERTA.map((causa) => (
            <Group key={causa} gap={6} wrap="nowrap" data-testid={`causa-${causa}`}>
              <CausaAlertaBadge causa={causa} />
              <Text fw={600}>{count(causa)}</Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}

/**
 * 'Alertas tempranas' of the administrators (issue 44): the daily review of the students at risk runs by itself
 * once a day; here an administrator sees when it last ran, who ran it (the daily job or a person) and what it
 * found, and runs it now. A second run while one is in progress is refused by the API with its own message.
 */
function AlertasPageContent() {
  const estado = useEstadoAlertas();
  const run = useRunAlertas();
  const enCurso = estado.data?.enCurso ?? false;
  const ultima = estado.data?.ultima ?? null;

  const runNow = async () => {
    const ok = await confirmDialog({
      title: 'Ejecutar ahora la revisión de alertas',
      message: (
        <Stack gap="xs">
          <Text size="sm">
            Se revisarán ahora todas las materias en curso (en estado Preliminar): asistencia y PP de cada alumno.
          </Text>
          <Text size="sm">
            Cada alumno en riesgo que todavía no tenía la alerta la verá en su tablero y, si acepta avisos, la recibirá
            por correo; sus profesores la verán en el plan de la materia. Las alertas ya dadas no se repiten.
          </Text>
        </Stack>
      ),
      confirmLabel: 'Sí, ejecutar ahora',
    });
    if (!ok) return;
    run.mutate(undefined, {
      onSuccess: ({ run: result, estado: after }) => toast.success(runToast(result, after.ultima)),
      onError: (error) => toast.error(failureMessage(error, 'No se pudo ejecutar la revisión de alertas')),
    });
  };

  return (
    <>
      <PageHeader
        title="Alertas tempranas"
        description="La revisión de alumnos en riesgo (asistencia mínima inalcanzable, ausencias consecutivas, PP bajo el mínimo) se ejecuta sola una vez por día. Aquí se ve cuándo se ejecutó por última vez, quién la ejecutó y qué encontró."
        actions={
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={run.isPending}
            disabled={enCurso || estado.isPending}
            onClick={() => void runNow()}
          >
            Ejecutar ahora
          </Button>
        }
      />
      <Stack gap="md">
        {run.isPending && (
          <Alert color="blue" variant="light" role="status" title="Revisión en curso">
            Revisando las materias en curso; puede tardar unos minutos en una facultad grande.
          </Alert>
        )}
        {enCurso && !run.isPending && (
          <Alert color="yellow" variant="light" role="status" title="Hay una revisión en curso">
            La revisión diaria u otro administrador la está ejecutando: espere a que termine para ejecutarla de nuevo.
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="ultima-ejecucion-titulo">
          <Stack gap="sm">
            <Group gap="xs">
              <IconAlertTriangle size={18} aria-hidden />
              <Title order={2} size="h4" id="ultima-ejecucion-titulo">
                Última ejecución
              </Title>
            </Group>
            {estado.isPending && <Loader size="sm" aria-label="Cargando la última ejecución" />}
            {estado.isError && (
              <Alert color="red" variant="light">
                {failureMessage(estado.error, 'No se pudo cargar la última ejecución de la revisión de alertas.')}
              </Alert>
            )}
            {estado.data && !ultima && (
              <Text c="dimmed" size="sm">
                La revisión de alertas todavía no se ejecutó en esta instalación.
              </Text>
            )}
            {ultima && <LastRun run={ultima} />}
          </Stack>
        </Paper>
        {ultima && (
          <Stack gap="xs" component="section" aria-labelledby="alumnos-alertados-titulo">
            <Title order={2} size="h4" id="alumnos-alertados-titulo">
              Alumnos con alertas nuevas
            </Title>
            <Text size="sm" c="dimmed">
              Los alumnos a los que la última ejecución dio una alerta nueva, con la materia y el motivo.
            </Text>
            <DataList<AlumnoAlertado, AlertasFilters>
              // Its own list per run: a new run starts again at page 1.
              key={ultima.id}
              label="Alumnos con alertas nuevas"
              query={alertasPageOptions}
              columns={COLUMNS}
              idAccessor={(a) => `${a.perfilAlumnoId}-${a.materiaPeriodoId}-${a.causa}`}
              emptyFilters={EMPTY_FILTERS}
              loadError="Error al intentar cargar los alumnos con alertas"
              renderFilters={({ values, set }) => (
                <Select
                  label="Causa"
                  placeholder="Todas"
                  data={CAUSA_OPTIONS}
                  value={values.causa}
                  onChange={(v) => set('causa', v)}
                  clearable
                />
              )}
            />
          </Stack>
        )}
      </Stack>
    </>
  );
}

export function AlertasPage() {
  return (
    <AdminOnly>
      <AlertasPageContent />
    </AdminOnly>
  );
}
