import { MSG_REPORTS, Role } from '@arandu/shared';
import { Alert, Center, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { endedSession } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { userCan, useSession, useViewAs } from '../../../lib/session';
import { useAcademicStatus, useAlumnoOptions } from '../api/reports-api';
import { AcademicStatusView } from '../components/academic-status-view';

/**
 * Loads one academic status (`id` null: the caller's own). A missing one says so and goes back (spec 03
 * section 8) when there is a screen of the app to go back to.
 */
function AcademicStatusOf({ id }: { id: number | null }) {
  const navigate = useNavigate();
  // 'default': the page was opened directly (a link, a reload), so there is no screen of the app to go back to.
  const cameFromApp = useLocation().key !== 'default';
  const status = useAcademicStatus(id);
  const error = status.error;
  useEffect(() => {
    if (!error || endedSession(error)) return;
    toast.error(isNotFound(error) ? MSG_REPORTS.studentNotFound : MSG_REPORTS.academicStatusLoadFailed);
    if (isNotFound(error) && id !== null && cameFromApp) void navigate(-1);
  }, [error, id, navigate, cameFromApp]);

  if (status.data) return <AcademicStatusView status={status.data} />;
  if (status.isError) {
    return (
      <Alert color="red" variant="light" title={MSG_REPORTS.academicStatusLoadFailed}>
        {isNotFound(error) ? MSG_REPORTS.studentNotFound : null}
      </Alert>
    );
  }
  return (
    <Center mih="40vh">
      <Loader role="status" aria-label="Cargando estado académico" />
    </Center>
  );
}

/** Staff choose whose academic status to open; the list comes from GET /api/students/reporte_alumnos. */
function AlumnoPicker() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const options = useAlumnoOptions(debounced);
  useEffect(() => {
    if (options.isError) toast.error(MSG_REPORTS.studentSearchFailed);
  }, [options.isError]);
  return (
    <Stack gap="md">
      <PageHeader title="Estado académico alumno" description="Busque al alumno por legajo, documento o nombre." />
      <Paper withBorder radius="md" p="md" maw={640}>
        <Select
          label="Alumno"
          placeholder="Escriba al menos dos letras o números"
          leftSection={<IconSearch size={16} />}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={(options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
          nothingFoundMessage={debounced.trim().length >= 2 && !options.isFetching ? 'No se encontraron alumnos' : null}
          rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
          onChange={(value) => value && void navigate(paths.reports.academicStatusOf(Number(value)))}
        />
        <Text size="xs" c="dimmed" mt="xs">
          Se muestran hasta 20 alumnos, por legajo.
        </Text>
      </Paper>
    </Stack>
  );
}

/** /pages/reporte-alumnos/academic-status: a student's own; staff pick a student. */
export function AcademicStatusPage() {
  const user = useSession();
  const viewAs = useViewAs();
  const staffView = userCan(user, 'reports:any') && viewAs !== Role.Alumno;
  return staffView ? <AlumnoPicker /> : <AcademicStatusOf id={null} />;
}

/** /pages/reporte-alumnos/academic-status/{id}: `id` is the student record's, as 'Alumnos del Sistema' lists it. */
export function AcademicStatusOfPage() {
  const { id } = useParams();
  const numeric = /^[1-9]\d{0,9}$/.test(id ?? '') ? Number(id) : null;
  if (numeric === null) {
    return (
      <Alert color="red" variant="light" title={MSG_REPORTS.studentNotFound}>
        El identificador no es válido.
      </Alert>
    );
  }
  return <AcademicStatusOf key={numeric} id={numeric} />;
}
