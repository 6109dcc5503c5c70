import { MSG, CUPO_MSG, zMateriaPeriodoSave, type MateriaPeriodo, type MateriaPeriodoSaveInput } from '@arandu/shared';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconCalendarTime,
  IconClipboardList,
  IconDeviceFloppy,
  IconHourglass,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { useMallaMaterias, useMateriaPeriodo, useMateriaPeriodoFormData } from '../api/get-materias-periodo';
import { useSaveMateriaPeriodo } from '../api/save-materia-periodo';
import { CalificacionesTab } from '../components/calificaciones-tab';
import { HorariosTab } from '../components/horarios-tab';
// The planning wizard is planning's own; staff see it read-only here (spec 03 section 2.3), as the plan page
// mounts it editable: the one planned crossing between features.
// eslint-disable-next-line no-restricted-imports
import { PlanningTab } from '../../planning/components/planning-tab';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { countOf } from '../../../lib/format';
import { RecordHistoryButton } from '../../../components/record-history/record-history';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY: MateriaPeriodoSaveInput = {
  id: null,
  mallaId: 0,
  materiaMallaId: 0,
  materiaId: null,
  periodoId: 0,
  profesorId: 0,
  profesorAuxiliar1Id: null,
  profesorAuxiliar2Id: null,
  profesorAuxiliar3Id: null,
  horarios: [],
  utilizaPorcentajePesoMateria: false,
  editarAsistencias: false,
  seccion: '',
  cupo: null,
  motivoAulaCompartida: null,
};

function valuesOf(mp: MateriaPeriodo): MateriaPeriodoSaveInput {
  return {
    id: mp.id,
    mallaId: mp.mallaId,
    materiaMallaId: mp.materiaMallaId,
    materiaId: mp.materiaId,
    periodoId: mp.periodoId,
    profesorId: mp.profesorId ?? 0,
    profesorAuxiliar1Id: mp.profesorAuxiliar1Id,
    profesorAuxiliar2Id: mp.profesorAuxiliar2Id,
    profesorAuxiliar3Id: mp.profesorAuxiliar3Id,
    horarios: mp.horarios.map((h) => ({
      id: h.id,
      index: h.index,
      tipoActividadAcademicaHorario: h.tipoActividadAcademicaHorario,
      profesorId: h.profesorId,
      dia: h.dia,
      horaInicio: h.horaInicio,
      horaFin: h.horaFin,
      aulaId: h.aulaId,
      deleted: false,
    })),
    utilizaPorcentajePesoMateria: mp.utilizaPorcentajePesoMateria,
    editarAsistencias: mp.editarAsistencias,
    seccion: mp.seccion,
    cupo: mp.cupo,
    motivoAulaCompartida: null,
  };
}

const ESTADO_COLORS: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'teal' };

/**
 * 'Nueva materia periodo' / 'Editar materia periodo' (spec 03 section 2.3). Reached from the subject-period
 * list (/pages/subjects-periods/new, /edit/{id}) or from a period (/pages/periodos/subjects/edit/{id}/{idDetail}),
 * where malla and period are read-only and saving returns to the period.
 */
export function MateriaPeriodoFormPage() {
  const params = useParams();
  const periodoFlow = params.idDetail !== undefined;
  const id = periodoFlow ? Number(params.idDetail) : params.id ? Number(params.id) : null;
  const parent = periodoFlow ? paths.periodos.edit(Number(params.id)) : paths.subjectsPeriods.list;
  const navigate = useNavigate();
  const materiaPeriodo = useMateriaPeriodo(id);
  const formData = useMateriaPeriodoFormData();
  const save = useSaveMateriaPeriodo();
  const [tab, setTab] = useState<string | null>('horario');
  // A room another section holds at that time: staff may share it, giving the reason (issue 29).
  const [roomClash, setRoomClash] = useState(false);
  const form = useForm<MateriaPeriodoSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zMateriaPeriodoSave, { sync: true }),
  });
  const materias = useMallaMaterias(form.values.mallaId || null);

  // The loaded subject-period fills the form once.
  const { initialize } = form;
  useEffect(() => {
    if (materiaPeriodo.data) initialize(valuesOf(materiaPeriodo.data));
  }, [materiaPeriodo.data, initialize]);

  useEffect(() => {
    if (!materiaPeriodo.error) return;
    if (isNotFound(materiaPeriodo.error)) {
      toast.error(MSG.materiaPeriodoNotFound);
      void navigate(parent, { replace: true });
    } else toast.error(MSG.materiaPeriodoLoadFailed);
  }, [materiaPeriodo.error, navigate, parent]);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);
  useLoadErrorToast(materias.error, MSG.materiasLoadFailed);

  const submit = async (values: MateriaPeriodoSaveInput) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(MSG.materiaPeriodoSaved);
      // A room smaller than the cupo does not stop the save (issue 45): staff read it and decide.
      for (const aviso of saved.avisos) toast.warning(aviso);
      await navigate(parent);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      const message = failureMessage(error, MSG.materiaPeriodoSaveFailed);
      if (message.startsWith('El aula ')) setRoomClash(true);
      toast.warning(message);
    }
  };

  if (id !== null && materiaPeriodo.isPending) return <PageLoader />;

  const options = (list: { value: number; label: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  const idSelect = (
    field:
      | 'mallaId'
      | 'periodoId'
      | 'materiaMallaId'
      | 'profesorId'
      | 'profesorAuxiliar1Id'
      | 'profesorAuxiliar2Id'
      | 'profesorAuxiliar3Id',
    label: string,
    data: { value: string; label: string }[],
    extra: { required?: boolean; readOnly?: boolean; onPick?: (value: number) => void } = {},
  ) => (
    <Select
      label={label}
      required={extra.required}
      readOnly={extra.readOnly}
      searchable={!extra.readOnly}
      clearable={!extra.required && !extra.readOnly}
      placeholder={extra.required ? 'Seleccione' : 'Ninguno'}
      nothingFoundMessage={EMPTY_RESULT_TEXT}
      data={data}
      limit={200}
      value={form.values[field] ? String(form.values[field]) : null}
      onChange={(v) => {
        const value = v ? Number(v) : extra.required ? 0 : null;
        form.setFieldValue(field, value);
        extra.onPick?.(Number(v ?? 0));
      }}
      error={form.errors[field]}
    />
  );

  const mp = materiaPeriodo.data;
  const profesores = options(formData.data?.profesores);
  const materiaOptions = (materias.data ?? []).map((s) => ({
    value: String(s.value),
    label: `${s.semestre}º - ${s.label}`,
  }));
  const buttons = (
    <>
      <Button component={Link} to={parent} variant="default" leftSection={<IconArrowLeft size={16} />}>
        Cancelar - Volver
      </Button>
      <Button
        type="submit"
        form="materia-periodo-form"
        loading={save.isPending}
        leftSection={<IconDeviceFloppy size={16} />}
      >
        Guardar
      </Button>
    </>
  );

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title={id === null ? 'Nueva materia periodo' : 'Editar materia periodo'}
        description={
          mp && (
            <Group gap="xs" component="span">
              <span>
                {mp.codigoMateria} - {mp.materia.label} - Sección {mp.seccion} · {mp.periodo.label}
              </span>
              <Badge size="sm" variant="light" color={ESTADO_COLORS[mp.estado.value]}>
                {mp.estado.label}
              </Badge>
            </Group>
          )
        }
        actions={
          <>
            {mp && (
              <RecordHistoryButton
                title={`${mp.materia.label} - Sección ${mp.seccion}`}
                registros={[
                  { tabla: 'materias_periodo', ids: [mp.id] },
                  { tabla: 'horarios', ids: mp.horarios.map((h) => h.id).filter((hid) => hid > 0) },
                ].filter((r) => r.ids.length > 0)}
              />
            )}
            {mp && mp.cupo !== null && (
              <Button
                component={Link}
                to={paths.subjectsPeriods.waitlist(mp.id)}
                variant="light"
                leftSection={<IconHourglass size={16} />}
              >
                Lista de espera ({mp.enListaEspera})
              </Button>
            )}
            {mp && (
              <Button
                component={Link}
                to={paths.periodos.moveSection(mp.periodoId, mp.id)}
                variant="light"
                leftSection={<IconArrowsExchange size={16} />}
              >
                Mover alumnos
              </Button>
            )}
            {buttons}
          </>
        }
      />
      <form
        id="materia-periodo-form"
        onSubmit={form.onSubmit(
          (values) => void submit(values),
          (errors) => {
            if (Object.keys(errors).some((k) => k.startsWith('horarios'))) setTab('horario');
          },
        )}
        noValidate
      >
        <Stack gap="lg">
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {idSelect('mallaId', 'Malla', options(formData.data?.mallas), {
                required: true,
                readOnly: periodoFlow,
                onPick: () => form.setFieldValue('materiaMallaId', 0),
              })}
              {idSelect('periodoId', 'Periodo', options(formData.data?.periodos), {
                required: true,
                readOnly: periodoFlow,
              })}
              {idSelect('materiaMallaId', 'Materia', materiaOptions, { required: true })}
              {idSelect('profesorId', 'Profesor Encargado', profesores, { required: true })}
              {idSelect('profesorAuxiliar1Id', 'Profesor Auxiliar', profesores)}
              {idSelect('profesorAuxiliar2Id', 'Profesor Auxiliar', profesores)}
              {idSelect('profesorAuxiliar3Id', 'Profesor Auxiliar', profesores)}
              <TextInput label="Sección" required maxLength={16} {...form.getInputProps('seccion')} />
              <NumberInput
                label={CUPO_MSG.cupoLabel}
                description={
                  mp
                    ? `${CUPO_MSG.cupoHint} · ${countOf(mp.cantidadInscriptos, 'inscripto', 'inscriptos')}`
                    : CUPO_MSG.cupoHint
                }
                placeholder="Sin límite"
                min={1}
                max={10000}
                allowDecimal={false}
                value={form.values.cupo ?? ''}
                onChange={(v) => form.setFieldValue('cupo', typeof v === 'number' ? v : null)}
                error={form.errors.cupo}
              />
              <Checkbox
                mt={{ sm: 'xl' }}
                label="Asistencias Editable?"
                {...form.getInputProps('editarAsistencias', { type: 'checkbox' })}
              />
            </SimpleGrid>
            {roomClash && (
              <TextInput
                mt="md"
                label="Motivo para compartir el aula"
                description="El aula está ocupada por otra sección en ese horario; un administrador puede compartirla indicando por qué (queda en la auditoría)"
                maxLength={500}
                {...form.getInputProps('motivoAulaCompartida')}
                value={form.values.motivoAulaCompartida ?? ''}
              />
            )}
          </Paper>

          <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline">
            <Tabs.List>
              <Tabs.Tab value="horario" leftSection={<IconCalendarTime size={16} />}>
                Horario de clases
              </Tabs.Tab>
              <Tabs.Tab value="calificaciones" leftSection={<IconReportAnalytics size={16} />} disabled={!mp}>
                Calificaciones
              </Tabs.Tab>
              <Tabs.Tab value="planeamiento" leftSection={<IconClipboardList size={16} />} disabled={!mp}>
                Planeamiento
              </Tabs.Tab>
            </Tabs.List>
            <Paper withBorder p="md" style={{ borderTop: 0, borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
              <Tabs.Panel value="horario">
                <HorariosTab
                  form={form}
                  profesores={formData.data?.profesores ?? []}
                  tipos={formData.data?.tipoActividadAcademicaHorarios ?? []}
                  dias={formData.data?.diasSemana ?? []}
                  aulas={formData.data?.aulas ?? []}
                />
              </Tabs.Panel>
              {mp && (
                <Tabs.Panel value="calificaciones">
                  {/* The tab's own headings are h3: the h2 between them and the page's h1 (axe heading-order). */}
                  <h2 className="visually-hidden">Calificaciones</h2>
                  <CalificacionesTab materiaPeriodo={mp} />
                </Tabs.Panel>
              )}
              {mp && (
                <Tabs.Panel value="planeamiento">
                  <h2 className="visually-hidden">Planeamiento</h2>
                  <PlanningTab materiaPeriodoId={mp.id} editable={false} />
                </Tabs.Panel>
              )}
            </Paper>
          </Tabs>
        </Stack>
      </form>
      <Group justify="flex-end" gap="sm">
        {buttons}
      </Group>
    </Stack>
  );
}
