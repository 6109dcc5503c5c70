import { MSG_TEACHING as T } from '@arandu/shared';
import { Button, Group, Stack } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarCheck,
  IconClipboardList,
  IconListDetails,
  IconReportAnalytics,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { endedSession } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
// The plan page mounts the planning wizard; the planning work owns it (brief: "teaching only imports it").
// eslint-disable-next-line no-restricted-imports
import { PlanningTab } from '../../planning/components/planning-tab';
import { useMateriaPlan } from '../api/get-plan';
import { AlertasPanel } from '../components/alertas-panel';
import { AlumnosTab } from '../components/alumnos-tab';
import { AsistenciasTab } from '../components/asistencias-tab';
import { DiasSinClasesNotice } from '../components/dias-sin-clases-notice';
import { CalificacionesGrid } from '../components/calificaciones-grid';
import { EstadoActions } from '../components/estado-actions';
import { MateriaSummary, weeklyHours } from '../components/subject-summary';
import { TareasTab } from '../components/tareas-tab';
import { MateriaTabs } from '../components/subject-tabs';

/**
 * 'Plan semestral de clases' (spec 03 section 2.6): the subject's header with its state and 'Publicar' or
 * 'Sellar', the early warnings of its students (issue 30) and the five tabs. The server decides who sees it (404 for another professor's subject) and what
 * may still change (its flags).
 */
export function PlanPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const mp = useMateriaPlan(id);
  const [tab, setTab] = useState<string | null>('alumnos');

  useEffect(() => {
    if (mp.error && !endedSession(mp.error) && !isNotFound(mp.error)) toast.error(T.materiaLoadFailed);
  }, [mp.error]);

  if (mp.isPending) return <PageLoader />;
  if (mp.isError) return isNotFound(mp.error) ? <NotFoundPage /> : null;
  const m = mp.data;
  // Publishing is open to who may change the figures: the server refuses anyone else with a 404.
  const canAct = m.estado.value < 2;

  return (
    <Stack gap="md" maw={1400}>
      <PageHeader
        title="Plan semestral de clases"
        description={`${m.materia.label} - Sección ${m.seccion} · ${m.periodo.label}`}
        actions={
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
            Volver
          </Button>
        }
      />
      <MateriaSummary
        materia={m.materia.label}
        codigoMateria={m.codigoMateria}
        seccion={m.seccion}
        carrera={m.carrera}
        semestreNroOrden={m.semestreNroOrden}
        anho={m.anho}
        horasSemanales={weeklyHours(m.horarios)}
        aside={<EstadoActions mp={m} canAct={canAct} />}
      />
      <AlertasPanel materiaPeriodoId={m.id} />
      <DiasSinClasesNotice dias={[]} planificadas={m.planificadasEnDiasSinClases} />
      <MateriaTabs
        value={tab}
        onChange={setTab}
        keepMounted={false}
        tabs={[
          { value: 'alumnos', label: 'Alumnos', icon: <IconUsers size={16} />, panel: <AlumnosTab mp={m} /> },
          { value: 'tareas', label: 'Tareas', icon: <IconListDetails size={16} />, panel: <TareasTab mp={m} /> },
          {
            value: 'planeamiento',
            label: 'Planeamiento',
            icon: <IconClipboardList size={16} />,
            panel: <PlanningTab materiaPeriodoId={m.id} editable={m.canEditarPlaneamiento} />,
          },
          {
            value: 'calificaciones',
            label: 'Calificaciones',
            icon: <IconReportAnalytics size={16} />,
            panel: <CalificacionesGrid mp={m} />,
          },
          ...(m.editarAsistencias
            ? []
            : [
                {
                  value: 'asistencias',
                  label: 'Asistencias',
                  icon: <IconCalendarCheck size={16} />,
                  panel: <AsistenciasTab materiaPeriodoId={m.id} calendario={m} />,
                },
              ]),
        ]}
      />
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
          Volver
        </Button>
      </Group>
    </Stack>
  );
}
