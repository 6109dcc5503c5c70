import { MSG, type ProfesorMateria } from '@arandu/shared';
import {
  Badge,
  Card,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBook, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { FavouritesDashboard } from '../../../components/favourites-dashboard';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useProfesorDashboard } from '../api/get-profesor-materias';
import { ESTADO_COLOR, EstadoBadge } from '../../../components/estado-badge';


function SubjectCard({ m }: { m: ProfesorMateria }) {
  const { fechaPublicado, fechaSellado, fechaExpiracion } = m.rendimientoAlumno;
  return (
    <Card
      component={Link}
      to={paths.profesorSubjects.detail(m.id)}
      withBorder
      radius="md"
      padding="md"
      style={{
        textDecoration: 'none',
        borderTop: `4px solid var(--mantine-color-${ESTADO_COLOR[m.estado.value]}-filled)`,
      }}
    >
      <Stack gap="xs" h="100%">
        {/* The link is named by its content (WCAG 2.5.3: the name contains the visible text); this hidden
            line puts the short name a screen reader announces first. */}
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
          {m.carrera} - {m.malla}
        </Text>
        <Text size="sm">
          {m.numeroSemestre}º semestre · {m.periodo}
        </Text>
        {m.estado.value > 0 && (
          <Stack gap={0}>
            {fechaPublicado && <Text size="xs">Publicado: {formatDate(fechaPublicado)}</Text>}
            {m.estado.value === 2 && fechaSellado && <Text size="xs">Sellado: {formatDate(fechaSellado)}</Text>}
            {fechaExpiracion && <Text size="xs">Vence: {formatDate(fechaExpiracion)}</Text>}
          </Stack>
        )}
        <Group justify="space-between" mt="auto" pt="xs">
          <Group gap={4}>
            <IconUsers size={16} aria-hidden />
            <Text size="sm">{m.cantidadInscriptos} alumnos</Text>
          </Group>
          <Text size="xs" c="dimmed">
            #{m.id}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Tablero' (spec 03 section 2.5): one card per starred subject; a card opens the subject. */
export function ProfesorDashboardPage() {
  const dashboard = useProfesorDashboard();
  useEffect(() => {
    if (dashboard.error) toast.error(MSG.materiasLoadFailed);
  }, [dashboard.error]);

  if (dashboard.isPending) return <PageLoader />;
  return (
    <FavouritesDashboard
      emptyTitle={'Todavía no tiene materias en el tablero'}
      subjectsPath={paths.profesorSubjects.list}
      cards={(dashboard.data ?? []).map((m) => <SubjectCard key={m.id} m={m} />)}
      footer={
        <Group gap={6}>
          <ThemeIcon variant="light" size="sm">
            <IconBook size={14} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            Abra una materia para ver su plan semestral de clases.
          </Text>
        </Group>
      }
    />
  );
}
