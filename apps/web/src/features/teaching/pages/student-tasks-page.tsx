import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { isNotFound } from '../../../lib/api-errors';
import { useMyMateria } from '../api/student';
import { MyHomeworkList } from '../components/my-homework-list';

/** 'Tareas de la materia' (spec 02 section 2, the enrolment list's 'Ver tareas'): id of the subject-period. */
export function AlumnoTasksPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const materia = useMyMateria(id);
  if (materia.isPending) return <PageLoader />;
  if (materia.isError) return isNotFound(materia.error) ? <NotFoundPage /> : null;
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Tareas de la materia"
        description={`${materia.data.materia} - Sección ${materia.data.seccion} · ${materia.data.semestre}`}
        actions={
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
            Volver
          </Button>
        }
      />
      <MyHomeworkList materiaPeriodoId={id} />
    </Stack>
  );
}
