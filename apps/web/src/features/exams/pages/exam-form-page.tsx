import { EstadoExamen, MSG_EXAMENES, zExamenSave, type ExamenSave, type InscripcionExamen } from '@arandu/shared';
import { Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconDownload,
  IconLock,
  IconLockOpen,
  IconPrinter,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DateTimeField } from '../../../components/date-time-field';
import { PageHeader } from '../../../components/page-header';
import { RecordHistoryButton } from '../../../components/record-history/record-history';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { saveBlob } from '../../../lib/download';
import { userCan, useSession } from '../../../lib/session';
import {
  downloadCalificacionReport,
  useDeleteInscripcion,
  useExamen,
  useExamenFormData,
  useSaveExamen,
} from '../api/exams-api';
import { AddRemoveAlumnos } from '../components/add-remove-students';
import { ExamenEstadoBadge } from '../components/examen-estado-badge';
import { NotHeldAlert } from '../components/not-held-alert';
import { RectificationsPanel } from '../components/rectifications-panel';
import { CalificacionesTable } from '../components/scores-table';
import { useOpenFlow, useStampFlow } from '../components/use-stamp-flow';

interface FormValues {
  id: number | null;
  carreraId: number | null;
  periodoLectivoId: number | null;
  materiaPeriodoId: number | null;
  interventorId: number | null;
  interventorAuxiliarId: number | null;
  profesorId: number | null;
  fecha: string;
  fechaLimiteInscripcion: string;
  periodo: string;
  aula: string;
  nroActa: string;
  notasObservaciones: string;
}

const emptyValues = (): FormValues => ({
  id: null,
  carreraId: null,
  periodoLectivoId: null,
  materiaPeriodoId: null,
  interventorId: null,
  interventorAuxiliarId: null,
  profesorId: null,
  fecha: new Date().toISOString(),
  fechaLimiteInscripcion: '',
  periodo: '',
  aula: '',
  nroActa: '',
  notasObservaciones: '',
});

function toBody(v: FormValues): unknown {
  return {
    id: v.id,
    fecha: v.fecha,
    fechaLimiteInscripcion: v.fechaLimiteInscripcion,
    materiaPeriodoId: v.materiaPeriodoId ?? 0,
    interventorId: v.interventorId ?? 0,
    interventorAuxiliarId: v.interventorAuxiliarId,
    profesorId: v.profesorId,
    periodo: v.periodo,
    aula: v.aula,
    nroActa: v.nroActa,
    notasObservaciones: v.notasObservaciones,
  };
}

/** The spec's messages under their fields, from the same schema the server applies. */
function validate(values: FormValues): Record<string, string> {
  const parsed = zExamenSave.safeParse(toBody(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const toOptions = (list: { value: number; label: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));
const idOf = (v: string | null) => (v ? Number(v) : null);

/**
 * 'Nuevo examen' / 'Editar examen' / 'Ver examen' (spec 02 section 2): the exam, its buttons, and its
 * enrolled students with inline scores.
 */
export function ExamenFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const user = useSession();
  const manages = userCan(user, 'exams:manage');
  const examen = useExamen(id);
  const save = useSaveExamen();
  const removeInscripcion = useDeleteInscripcion();
  const stamp = useStampFlow();
  const open = useOpenFlow();
  const [alumnosOpen, setAlumnosOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const form = useForm<FormValues>({ initialValues: emptyValues(), validate });
  const formData = useExamenFormData(form.values.periodoLectivoId);

  // The loaded exam fills the form once (a new one saved comes back here as its edit screen).
  const { initialize } = form;
  useEffect(() => {
    if (!examen.data) return;
    const e = examen.data;
    initialize({
      id: e.id,
      carreraId: e.carreraId,
      periodoLectivoId: e.periodoLectivoId,
      materiaPeriodoId: e.materiaPeriodoId,
      interventorId: e.interventorId,
      interventorAuxiliarId: e.interventorAuxiliarId,
      profesorId: e.profesorId,
      fecha: e.fecha,
      fechaLimiteInscripcion: e.fechaLimiteInscripcion,
      periodo: e.periodo,
      aula: e.aula ?? '',
      nroActa: e.nroActa,
      notasObservaciones: e.notasObservaciones ?? '',
    });
  }, [examen.data, initialize]);

  useEffect(() => {
    if (!examen.error) return;
    if (isNotFound(examen.error)) {
      toast.error(MSG_EXAMENES.notFound);
      void navigate(paths.exams.list, { replace: true });
    } else toast.error(MSG_EXAMENES.loadFailed);
  }, [examen.error, navigate]);

  if (id !== null && examen.isPending) return <PageLoader />;

  const e = examen.data;
  const estado = e?.estado.value ?? EstadoExamen.Activo;
  const editable = manages && estado === EstadoExamen.Activo;
  const title = !e ? 'Nuevo examen' : editable ? 'Editar examen' : 'Ver examen';

  const submit = async (values: FormValues) => {
    try {
      const saved = await save.mutateAsync(toBody(values) as ExamenSave);
      toast.success(MSG_EXAMENES.saved);
      if (!values.id) await navigate(paths.exams.edit(saved.id), { replace: true });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG_EXAMENES.saveFailed));
    }
  };

  const materias = (formData.data?.materias ?? []).filter(
    (m) => !form.values.carreraId || m.carreraId === form.values.carreraId,
  );
  // Spec 02 section 4: the cascade of resets.
  const changeCarrera = (v: string | null) =>
    form.setValues({
      carreraId: idOf(v),
      materiaPeriodoId: null,
      periodoLectivoId: null,
      interventorId: null,
      profesorId: null,
    });
  const changePeriodo = (v: string | null) =>
    form.setValues({ periodoLectivoId: idOf(v), materiaPeriodoId: null, interventorId: null, profesorId: null });
  const changeMateria = (v: string | null) => {
    const materia = materias.find((m) => String(m.value) === v);
    // The professor signs as such; the interventors are other people, chosen by hand (issue 30).
    const profesorId = materia?.profesorId ?? null;
    form.setValues({
      materiaPeriodoId: idOf(v),
      profesorId,
      interventorId: form.values.interventorId === profesorId ? null : form.values.interventorId,
      interventorAuxiliarId:
        form.values.interventorAuxiliarId === profesorId ? null : form.values.interventorAuxiliarId,
    });
  };

  const download = async () => {
    if (!e) return;
    setDownloading(true);
    try {
      saveBlob(await downloadCalificacionReport(e.id), `${e.codigoMateria}.xlsx`);
      toast.success(MSG_EXAMENES.downloaded);
    } catch (error) {
      toast.error(failureMessage(error, MSG_EXAMENES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const askRemove = async (row: InscripcionExamen) => {
    const ok = await confirmDialog({
      title: 'Quitar alumno',
      message: `¿Está seguro de que desea quitar a ${row.apellido}, ${row.nombre} del examen?`,
      confirmLabel: 'Sí, quitar',
      danger: true,
    });
    if (!ok) return;
    try {
      await removeInscripcion.mutateAsync(row.id);
      toast.success('Inscripción a examen borrada exitosamente');
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG_EXAMENES.inscriptionDeleteNotFound);
      else toast.error(failureMessage(error, MSG_EXAMENES.inscriptionDeleteFailed));
    }
  };

  const select = (field: keyof FormValues, label: string, data: { value: string; label: string }[], extra = {}) => (
    <Select
      label={label}
      data={data}
      searchable
      clearable
      disabled={!editable}
      value={form.values[field] ? String(form.values[field]) : null}
      onChange={(v) => form.setValues({ [field]: idOf(v) })}
      error={form.errors[field]}
      {...extra}
    />
  );
  const dateTime = (field: 'fecha' | 'fechaLimiteInscripcion', label: string) => (
    <DateTimeField
      label={label}
      required
      disabled={!editable}
      value={form.values[field]}
      onChange={(v) => form.setFieldValue(field, v)}
      error={form.errors[field]}
    />
  );
  const profesores = toOptions(formData.data?.profesores);

  const back = (
    <Button component={Link} to={paths.exams.list} variant="default" leftSection={<IconArrowLeft size={16} />}>
      Cancelar - Volver
    </Button>
  );

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title={title}
        description={
          e ? (
            <Group gap="xs">
              <span>
                {e.materia} · {e.periodoLectivo} · Acta {e.nroActa}
              </span>
              <ExamenEstadoBadge estado={e.estado} fecha={e.fecha} />
            </Group>
          ) : undefined
        }
        actions={
          <Group gap="xs">
            {e && (
              <RecordHistoryButton
                title={`examen de ${e.materia}`}
                registros={[
                  { tabla: 'examenes', ids: [e.id] },
                  // Its students' enrolments and scores (the first 500: the API's limit per table).
                  { tabla: 'inscripciones_examen', ids: e.inscriptos.slice(0, 500).map((i) => i.id) },
                ].filter((r) => r.ids.length > 0)}
              />
            )}
            {back}
          </Group>
        }
      />
      <Paper withBorder p="md">
        <form id="examen-form" onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {select('carreraId', 'Carrera', toOptions(formData.data?.carreras), {
                onChange: changeCarrera,
              })}
              {select('periodoLectivoId', 'Periodo lectivo', toOptions(formData.data?.periodos), {
                onChange: changePeriodo,
              })}
              {select('materiaPeriodoId', 'Materia', toOptions(materias), {
                required: true,
                onChange: changeMateria,
                nothingFoundMessage: form.values.periodoLectivoId ? 'Sin materias' : 'Seleccione el periodo lectivo',
              })}
              {select('interventorId', 'Interventor 1', profesores, { required: true })}
              {select('interventorAuxiliarId', 'Interventor 2', profesores)}
              {select('profesorId', 'Profesor', profesores)}
              {dateTime('fecha', 'Fecha del examen')}
              {dateTime('fechaLimiteInscripcion', 'Fecha límite inscripción')}
              <TextInput
                label="Periodo"
                required
                maxLength={64}
                disabled={!editable}
                {...form.getInputProps('periodo')}
              />
              <TextInput label="Aula" maxLength={64} disabled={!editable} {...form.getInputProps('aula')} />
              <TextInput
                label="Nº Acta"
                required
                maxLength={128}
                disabled={!editable}
                {...form.getInputProps('nroActa')}
              />
            </SimpleGrid>
            <Textarea
              label="Notas / Observaciones"
              maxLength={2048}
              rows={3}
              disabled={!editable}
              {...form.getInputProps('notasObservaciones')}
            />
            <Group justify="flex-end" gap="sm">
              {e && manages && estado !== EstadoExamen.Sellado && (
                <Button color="teal" leftSection={<IconLock size={16} />} onClick={() => void stamp(e)}>
                  Sellar examen
                </Button>
              )}
              {e && user?.esAdminRoot && estado === EstadoExamen.Sellado && (
                <Button color="orange" leftSection={<IconLockOpen size={16} />} onClick={() => void open(e)}>
                  Abrir examen
                </Button>
              )}
              {editable && (
                <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                  Guardar
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>

      {e && (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} fz="lg">
              Alumnos inscriptos ({e.cantidadInscriptos})
            </Title>
            <Group gap="sm">
              <Button
                variant="light"
                component={Link}
                to={paths.exams.showFinalReport(e.id)}
                leftSection={<IconPrinter size={16} />}
              >
                Imprimir Acta
              </Button>
              <Button
                variant="light"
                component={Link}
                to={paths.exams.showReport(e.id)}
                leftSection={<IconPrinter size={16} />}
              >
                Imprimir Lista Inscriptos
              </Button>
              <Button
                variant="light"
                loading={downloading}
                onClick={() => void download()}
                leftSection={<IconDownload size={16} />}
              >
                Descargar Respaldo Docente
              </Button>
              {editable && (
                <Button
                  variant="light"
                  component={Link}
                  to={paths.exams.inscription(e.id)}
                  leftSection={<IconUserPlus size={16} />}
                >
                  Inscripción y/o nota
                </Button>
              )}
              {editable && (
                <Button leftSection={<IconUsers size={16} />} onClick={() => setAlumnosOpen(true)}>
                  Agregar/Quitar Alumnos
                </Button>
              )}
            </Group>
          </Group>
          <NotHeldAlert exam={e} />
          <CalificacionesTable exam={e} manages={manages} onRemove={(row) => void askRemove(row)} />
          {estado === EstadoExamen.Sellado && (
            <RectificationsPanel exam={e} canRectify={userCan(user, 'actas:rectificar')} />
          )}
          <Modal opened={alumnosOpen} onClose={() => setAlumnosOpen(false)} title="Agregar/Quitar Alumnos" size="lg">
            <AddRemoveAlumnos examenId={e.id} onDone={() => setAlumnosOpen(false)} />
          </Modal>
        </Stack>
      )}
      <Group justify="flex-end">{back}</Group>
    </Stack>
  );
}
