import { ENROL_MSG, type TableroAlumnoItem } from '@arandu/shared';
import {
  Badge,
  Card,
  Group,
  RingProgress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ESTADO_COLOR, EstadoBadge } from '../../../components/estado-badge';
import { FavouritesDashboard } from '../../../components/favourites-dashboard';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useStudentDashboard } from '../api/get-dashboard';


function Percent({ label, value }: { label: string; value: number | null }) {
  return (
    <Group gap={6} wrap="nowrap">
      <RingProgress
        size={44}
        thickness={5}
        roundCaps
        sections={[{ value: value ?? 0, color: value === null ? 'gray' : value >= 70 ? 'teal' : 'orange' }]}
        aria-hidden
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
function SubjectCard({ m }: { m: TableroAlumnoItem }) {
  const { fechaPublicado, fechaSellado, fechaExpiracion } = m.rendimientoAlumno;
  return (
    <Card
      component={Link}
      to={paths.studentSubjects.detail(m.id)}
      withBorder
      radius="md"
      padding="md"
      style={{
        textDecoration: 'none',
        borderTop: `4px solid var(--mantine-color-${ESTADO_COLOR[m.estado.value]}-filled)`,
      }}
    >
      <Stack gap="xs" h="100%">
        {/* Named by its content (WCAG 2.5.3); the short name first, for screen readers. */}
        <VisuallyHidden>{`${m.materia} - Sección ${m.seccion}`}</VisuallyHidden>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {m.codigoMateria}
            </Badge>
            <Badge variant="outline" color="gray" radius="sm">
              Sección {m.seccion}
            </Badge>
          </Group>
          <EstadoBadge estado={m.estado} />
        </Group>
        <Title order={3} fz="md" lh={1.3}>
          {m.materia}
        </Title>
        <Text size="sm" c="dimmed">
          {m.carrera}
        </Text>
        <Text size="sm">
          {m.semestre}º semestre · {m.anho}
        </Text>
        {m.estado.value > 0 && (
          <Stack gap={0}>
            {fechaPublicado && <Text size="xs">Publicado: {formatDate(fechaPublicado)}</Text>}
            {m.estado.value === 2 && fechaSellado && <Text size="xs">Sellado: {formatDate(fechaSellado)}</Text>}
            {fechaExpiracion && <Text size="xs">Vence: {formatDate(fechaExpiracion)}</Text>}
          </Stack>
        )}
        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Percent label="Asistencia" value={m.porcentajeAsistencia} />
            <Percent label="PP" value={m.porcentajePP} />
          </Group>
          <Text size="xs" c="dimmed">
            #{m.id}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Tablero' of the student (/pages/student-dashboard): one card per starred subject. */
export function StudentDashboardPage() {
  const dashboard = useStudentDashboard();
  useEffect(() => {
    if (dashboard.error) toast.error(ENROL_MSG.materiasLoadFailed);
  }, [dashboard.error]);

  if (dashboard.isPending) return <PageLoader />;
  return (
    <FavouritesDashboard
      emptyTitle={ENROL_MSG.dashboardEmpty}
      subjectsPath={paths.studentSubjects.list}
      cards={(dashboard.data ?? []).map((m) => <SubjectCard key={m.inscripcionId} m={m} />)}
    />
  );
}
