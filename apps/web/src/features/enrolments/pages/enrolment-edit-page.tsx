import { ENROL_MSG, Role, zInscripcionSave, type InscripcionDetail, type InscripcionFormData } from '@arandu/shared';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { StaffOnly } from '../../../components/staff-only';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { userCan, useSession, useViewAs } from '../../../lib/session';
import { useEnrolment, useEnrolmentFormData, useMallaOffer, useSaveEnrolment } from '../api/enrolment';
import { AlumnoPicker } from '../components/student-picker';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

interface Values {
  id: number;
  perfilAlumnoId: number | null;
  alumnoLabel: string | null;
  mallaId: number | null;
  semestreId: number | null;
  materiaPeriodoId: number | null;
}

const toSelect = (options: { value: number; label: string }[]) =>
  options.map((o) => ({ value: String(o.value), label: o.label }));

function EnrolmentForm({
  enrolment,
  formData,
}: {
  enrolment: InscripcionDetail | null;
  formData: InscripcionFormData;
}) {
  const navigate = useNavigate();
  const view = useViewAs();
  const user = useSession();
  const save = useSaveEnrolment();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: enrolment
      ? {
          id: enrolment.id,
          perfilAlumnoId: enrolment.perfilAlumnoId,
          alumnoLabel: enrolment.alumno.label,
          mallaId: enrolment.mallaId,
          semestreId: enrolment.semestreId,
          materiaPeriodoId: enrolment.materiaPeriodoId,
        }
      : { id: 0, perfilAlumnoId: null, alumnoLabel: null, mallaId: null, semestreId: null, materiaPeriodoId: null },
    validate: schemaResolver(zInscripcionSave, { sync: true }),
  });
  const offer = useMallaOffer(form.values.mallaId);
  useLoadErrorToast(offer.error, ENROL_MSG.materiasLoadFailed);

  // An Admin may still edit once the window is closed; a Funcionario may not (spec 02 sections 4 and 6).
  const locked = !formData.enableInscription && !(view === Role.Admin && userCan(user, 'enrolment:any-closed'));
  const materias = (offer.data ?? []).filter((m) => m.semestreId === form.values.semestreId);
  const materiaData = toSelect(materias);
  if (enrolment && !materiaData.some((m) => m.value === String(enrolment.materiaPeriodoId))) {
    // The enrolment's own subject-period stays visible even outside the active period's offer.
    materiaData.unshift({ value: String(enrolment.materiaPeriodoId), label: enrolment.materia });
  }

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        id: values.id || null,
        perfilAlumnoId: values.perfilAlumnoId!,
        mallaId: values.mallaId!,
        semestreId: values.semestreId!,
        materiaPeriodoId: values.materiaPeriodoId!,
      });
      toast.success(ENROL_MSG.saved);
      void navigate(paths.studentSubjects.list);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      toast.error(failureMessage(error, ENROL_MSG.saveFailed));
    }
  };

  const idOf = (v: string | null) => (v ? Number(v) : null);
  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={ENROL_MSG.editTitle}
        description={
          enrolment
            ? `Periodo ${enrolment.periodo.label}`
            : formData.periodo
              ? `Periodo ${formData.periodo.label}`
              : undefined
        }
      />
      {locked && (
        <Alert color="gray" icon={<IconLock size={20} />}>
          {ENROL_MSG.windowClosed}.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="form" onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="md">
          {enrolment ? (
            <Select
              label="Alumno"
              data={[{ value: String(enrolment.perfilAlumnoId), label: enrolment.alumno.label }]}
              value={String(enrolment.perfilAlumnoId)}
              readOnly
            />
          ) : (
            <AlumnoPicker
              value={form.values.perfilAlumnoId}
              selectedLabel={form.values.alumnoLabel}
              error={form.errors.perfilAlumnoId as string | undefined}
              onChange={(id, label) => form.setValues({ perfilAlumnoId: id, alumnoLabel: label })}
              disabled={locked}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Malla"
              required
              searchable
              data={toSelect(formData.mallas)}
              value={form.values.mallaId ? String(form.values.mallaId) : null}
              onChange={(v) => form.setValues({ mallaId: idOf(v), materiaPeriodoId: null })}
              error={form.errors.mallaId}
              disabled={locked}
            />
            <Select
              label="Semestre"
              required
              data={toSelect(formData.semestres)}
              value={form.values.semestreId ? String(form.values.semestreId) : null}
              onChange={(v) => form.setValues({ semestreId: idOf(v), materiaPeriodoId: null })}
              error={form.errors.semestreId}
              disabled={locked}
            />
          </SimpleGrid>
          <Select
            label="Materia"
            required
            searchable
            data={materiaData}
            value={form.values.materiaPeriodoId ? String(form.values.materiaPeriodoId) : null}
            onChange={(v) => form.setFieldValue('materiaPeriodoId', idOf(v))}
            error={form.errors.materiaPeriodoId}
            nothingFoundMessage="No hay materias de esa malla y semestre en el periodo activo"
            disabled={locked || !form.values.mallaId || !form.values.semestreId}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => void navigate(paths.studentSubjects.list)}
            >
              Cancelar - Volver
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={locked}
            >
              Guardar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * 'Datos de la inscripción': /pages/student-subjects/edit/{id} (staff) and 'Nueva inscripción'
 * /pages/student-subjects/inscription/new (Admin). A missing enrolment goes back to the list.
 */
function EnrolmentEditContent() {
  const { id } = useParams();
  const enrolmentId = id ? Number(id) : null;
  const enrolment = useEnrolment(enrolmentId);
  const formData = useEnrolmentFormData(enrolmentId === null);
  useEffect(() => {
    if (enrolment.error) {
      toast.error(isNotFound(enrolment.error) ? ENROL_MSG.inscripcionNotFound : ENROL_MSG.inscripcionLoadFailed);
    }
  }, [enrolment.error]);
  useLoadErrorToast(formData.error, ENROL_MSG.requiredDataLoadFailed);

  if (enrolment.error && isNotFound(enrolment.error)) return <Navigate to={paths.studentSubjects.list} replace />;
  if (!formData.data || (enrolmentId !== null && !enrolment.data)) return <PageLoader />;
  return <EnrolmentForm enrolment={enrolment.data ?? null} formData={formData.data} />;
}

export function EnrolmentEditPage() {
  return (
    <StaffOnly>
      <EnrolmentEditContent />
    </StaffOnly>
  );
}
