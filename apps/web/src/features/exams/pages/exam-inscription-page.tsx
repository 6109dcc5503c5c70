import { InstanciaExamen, MSG_EXAMENES, zInscribir, type Inscribir } from '@arandu/shared';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DateTimeField } from '../../../components/date-time-field';
import { DecimalInput } from '../../../components/decimal-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { useInscribir, useInscripcion, useInscripcionFormData } from '../api/exams-api';

type Percent = 'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC';
interface FormValues {
  alumnoObj: number | null;
  fechaInscripcion: string;
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
}

const PERCENTS: [Percent, string][] = [
  ['porcentajeAsistencia', '% Asistencia'],
  ['porcentajePP', '% PP'],
  ['porcentajePF', '% PF'],
  ['porcentajePC', '% PC'],
];

/**
 * The figures the form asks for (issue 30): an enrolled row's instance sits one test, PF for a Final and PC
 * for a Recuperatorio. A new enrolment's instance is the server's to decide, so both are offered, named.
 */
function percentsFor(instancia: number | undefined): [Percent, string][] {
  if (instancia === InstanciaExamen.Final) return PERCENTS.filter(([f]) => f !== 'porcentajePC');
  if (instancia === InstanciaExamen.Recuperatorio) return PERCENTS.filter(([f]) => f !== 'porcentajePF');
  return PERCENTS.map(([f, label]): [Percent, string] => [
    f,
    f === 'porcentajePF' ? '% PF (Final)' : f === 'porcentajePC' ? '% PC (Recuperatorio)' : label,
  ]);
}

/** 'inscripción y/o nota' (spec 02 section 2): enrol one student in an exam and/or record their figures. */
export function ExamenInscripcionPage() {
  const params = useParams();
  const examenId = Number(params.examId);
  const inscripcionId = params.inscriptionId ? Number(params.inscriptionId) : null;
  const navigate = useNavigate();
  const formData = useInscripcionFormData(examenId);
  const inscripcion = useInscripcion(inscripcionId);
  const save = useInscribir();
  const percents = percentsFor(inscripcion.data?.instancia.value);
  // A test the row's instance does not sit is left out: the form neither shows nor sends it.
  const asked = (field: Percent, value: number | null) => (percents.some(([f]) => f === field) ? value : undefined);
  const toBody = (v: FormValues): Inscribir => ({
    id: inscripcionId ?? 0,
    examenId: examenId,
    perfilAlumnoId: v.alumnoObj ?? 0,
    fechaInscripcion: v.fechaInscripcion,
    porcentajeAsistencia: v.porcentajeAsistencia,
    porcentajePP: v.porcentajePP,
    porcentajePF: asked('porcentajePF', v.porcentajePF),
    porcentajePC: asked('porcentajePC', v.porcentajePC),
  });
  const form = useForm<FormValues>({
    initialValues: {
      alumnoObj: null,
      fechaInscripcion: new Date().toISOString(),
      porcentajeAsistencia: null,
      porcentajePP: null,
      porcentajePF: null,
      porcentajePC: null,
    },
    validate: (values) => {
      const parsed = zInscribir.safeParse(toBody(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        errors[key === 'perfilAlumnoId' ? 'alumnoObj' : key] ??= issue.message;
      }
      return errors;
    },
  });

  // The loaded inscription fills the form once.
  const { initialize } = form;
  useEffect(() => {
    const i = inscripcion.data;
    if (!i) return;
    initialize({
      alumnoObj: i.perfilAlumnoId,
      fechaInscripcion: i.fechaInscripcion,
      porcentajeAsistencia: i.porcentajeAsistencia,
      porcentajePP: i.porcentajePP,
      porcentajePF: i.porcentajePF,
      porcentajePC: i.porcentajePC,
    });
  }, [inscripcion.data, initialize]);
  useEffect(() => {
    if (!inscripcion.error) return;
    toast.error(isNotFound(inscripcion.error) ? MSG_EXAMENES.inscriptionNotFound : MSG_EXAMENES.inscriptionLoadFailed);
    void navigate(paths.exams.edit(examenId), { replace: true });
  }, [inscripcion.error, navigate, examenId]);

  if (formData.isPending || (inscripcionId !== null && inscripcion.isPending)) return <PageLoader />;
  if (formData.isError) return <Alert color="red" title={MSG_EXAMENES.loadFailed} />;

  const examen = formData.data.examen;
  const alumnos = formData.data.alumnos
    .filter((a) => !a.inscripto || a.value === inscripcion.data?.perfilAlumnoId)
    .map((a) => ({ value: String(a.value), label: a.label }));

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync(toBody(values));
      toast.success(MSG_EXAMENES.inscriptionSaved);
      await navigate(paths.exams.edit(examenId));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      form.setErrors(fields);
      toast.warning(failureMessage(error, MSG_EXAMENES.inscriptionSaveFailed));
    }
  };

  const back = (
    <Button
      component={Link}
      to={paths.exams.edit(examenId)}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Cancelar - Volver
    </Button>
  );
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={inscripcionId ? 'Editar inscripción y/o nota' : 'Nueva inscripción y/o nota'}
        description={examen ? `${examen.materia} · Acta ${examen.nroActa}` : undefined}
        actions={back}
      />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Alumno"
                required
                searchable
                data={alumnos}
                disabled={inscripcionId !== null}
                value={form.values.alumnoObj ? String(form.values.alumnoObj) : null}
                onChange={(v) => form.setFieldValue('alumnoObj', v ? Number(v) : null)}
                error={form.errors.alumnoObj}
                nothingFoundMessage="Sin alumnos"
              />
              <DateTimeField
                label="Fecha de inscripción"
                required
                value={form.values.fechaInscripcion}
                onChange={(v) => form.setFieldValue('fechaInscripcion', v)}
                error={form.errors.fechaInscripcion}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {percents.map(([field, label]) => (
                <DecimalInput
                  key={field}
                  label={label}
                  // Two decimals, as the acta keeps them and the scores' table takes them.
                  decimals={2}
                  value={form.values[field]}
                  onChange={(v) => form.setFieldValue(field, v)}
                  error={form.errors[field]}
                />
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              La calificación la calcula el sistema a partir de los porcentajes.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
