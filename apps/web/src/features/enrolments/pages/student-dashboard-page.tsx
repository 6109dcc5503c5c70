import { ENROL_MSG, MSG_TEACHING as T, type TableroAlumnoItem } from '@arandu/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FavouritesDashboard } from '../../../components/favourites-dashboard';
import { MateriaCard } from '../../../components/subject-card';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAlumnoDashboard } from '../api/get-dashboard';
import { enrolmentsQueryOptions } from '../api/get-enrolments';
import { useMyAlumno } from '../api/inscription-form';
import { MisAlertasCard } from '../components/mis-alertas-card';
import { ProgressRing } from '../components/progress-ring';
import { ListaEsperaCards } from '../components/waitlist-cards';
import { ProximasEntregasCard } from '../components/proximas-entregas-card';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

function Percent({ label, value, help }: { label: string; value: number | null; help?: string }) {
  return (
    <Group gap={6} wrap="nowrap" title={help}>
      <ProgressRing
        size={44}
        thickness={5}
        value={value ?? 0}
        color={value === null ? 'gray' : value >= 70 ? 'teal' : 'orange'}
      />
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600}>
          {value === null ? '-' : `${value} %`}
        </Text>
      </Stack>
    </Group>
  );
}

/** One starred subject: the spec's fields; a click opens the subject's detail (spec 02 section 2). */
function AlumnoMateriaCard({ m }: { m: TableroAlumnoItem }) {
  return (
    <MateriaCard
      to={paths.studentSubjects.detail(m.id)}
      materia={m}
      carrera={m.carrera}
      semestre={`${m.semestre}º semestre · ${m.anho}`}
      footer={
        <Group gap="md" wrap="nowrap">
          <Percent label="Asistencia" value={m.porcentajeAsistencia} />
          <Percent label={T.ppAcumulado} value={m.porcentajePP} help={T.ppAcumuladoAyuda} />
        </Group>
      }
    />
  );
}

/** Whether the student is enrolled in anything at all: asked only when nothing is starred. */
function useHasEnrolments(ask: boolean) {
  const first = useQuery({
    ...enrolmentsQueryOptions(true, {
      page: 1,
      pageSize: 1,
      filters: { numeroSemestre: null, periodoId: null, materia: '', alumno: '' },
    }),
    enabled: ask,
  });
  return first.data ? first.data.totalItemsCount > 0 : undefined;
}

/** 'Tablero' of the student (/pages/student-dashboard): the early warnings, then one card per starred subject. */
export function AlumnoDashboardPage() {
  const dashboard = useAlumnoDashboard();
  // An empty board may mean no student record yet (a student created at the institutional sign-in, or one
  // the secretaría has not finished): then 'mark subjects with a star' would send them to an empty page.
  const record = useMyAlumno(dashboard.data?.length === 0);
  const hasEnrolments = useHasEnrolments(dashboard.data?.length === 0);
  useLoadErrorToast(dashboard.error, ENROL_MSG.materiasLoadFailed);

  if (dashboard.isPending || (dashboard.data?.length === 0 && record.isPending)) return <PageLoader />;
  if (record.error instanceof ApiError && record.error.status === 404) {
    return (
      <Alert color="yellow" variant="light" title={ENROL_MSG.notAStudent}>
        {ENROL_MSG.noStudentRecordYet}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <FavouritesDashboard
        emptyTitle={ENROL_MSG.dashboardEmpty}
        subjectsPath={paths.studentSubjects.list}
        notices={
          <>
            <MisAlertasCard />
            <ProximasEntregasCard />
            <ListaEsperaCards />
          </>
        }
        noSubjects={
          hasEnrolments === false ? (
            <>
              Todavía no está inscripto en ninguna materia. Inscríbase en{' '}
              <Anchor component={Link} to={paths.studentSubjects.list}>
                Mis Materias
              </Anchor>{' '}
              con el botón &apos;Inscríbase Aquí&apos; mientras la inscripción esté abierta; después podrá marcarlas con
              una estrella para verlas aquí.
            </>
          ) : undefined
        }
        cards={(dashboard.data ?? []).map((m) => (
          <AlumnoMateriaCard key={m.inscripcionId} m={m} />
        ))}
      />
      {/* Issue 30: the certificates a student issues themselves, one click from the dashboard. */}
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>Mis certificados</Text>
            <Text size="sm" c="dimmed">
              Constancia de alumno regular y certificado de estudios, con código de verificación.
            </Text>
          </div>
          <Button component={Link} to={paths.certificates.own} variant="light">
            Mis certificados
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
