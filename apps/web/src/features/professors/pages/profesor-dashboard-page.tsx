import { MSG, type ProfesorMateria } from '@arandu/shared';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconUsers } from '@tabler/icons-react';
import { FavouritesDashboard } from '../../../components/favourites-dashboard';
import { MateriaCard } from '../../../components/subject-card';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { countOf } from '../../../lib/format';
import { useProfesorDashboard } from '../api/get-profesor-materias';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

/** One starred subject-period the professor teaches; a click opens its plan page (spec 03 section 2.5). */
function ProfesorMateriaCard({ m }: { m: ProfesorMateria }) {
  return (
    <MateriaCard
      to={paths.profesorSubjects.detail(m.id)}
      materia={m}
      carrera={`${m.carrera} - ${m.malla}`}
      semestre={`${m.numeroSemestre}º semestre · ${m.periodo}`}
      footer={
        <Group gap={4}>
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{countOf(m.cantidadInscriptos, 'alumno', 'alumnos')}</Text>
        </Group>
      }
    />
  );
}

/** 'Tablero' (spec 03 section 2.5): one card per starred subject; a card opens the subject. */
export function ProfesorDashboardPage() {
  const dashboard = useProfesorDashboard();
  useLoadErrorToast(dashboard.error, MSG.materiasLoadFailed);

  if (dashboard.isPending) return <PageLoader />;
  return (
    <FavouritesDashboard
      emptyTitle={'Todavía no tiene materias en el tablero'}
      subjectsPath={paths.profesorSubjects.list}
      cards={(dashboard.data ?? []).map((m) => (
        <ProfesorMateriaCard key={m.id} m={m} />
      ))}
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
