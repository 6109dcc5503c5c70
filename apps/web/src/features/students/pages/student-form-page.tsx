import { LEGAJO_MAX, MSG, SEARCH_TEXT_MAX, zStudentSave, type StudentDetail } from '@arandu/shared';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordHistoryButton } from '../../../components/record-history/record-history';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { DATE_FORMAT, parseDate } from '../../../lib/format';
import { useStudent, useStudentMallas, useStudentOptions } from '../api/get-students';
import { useSaveStudent } from '../api/save-student';
import { StaffOnly } from '../../../components/staff-only';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

interface StudentFormValues {
  id: number;
  usuarioId: number | null;
  mallaId: number | null;
  numeroLegajo: number | string;
  fechaIngreso: string | null;
}

const EMPTY: StudentFormValues = { id: 0, usuarioId: null, mallaId: null, numeroLegajo: '', fechaIngreso: null };

function StudentForm({ student }: { student: StudentDetail | null }) {
  const navigate = useNavigate();
  const save = useSaveStudent();
  const mallas = useStudentMallas();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 500);
  // Choosing an option writes its label into the search box: that is not a new search.
  const query = picked && debounced === picked.label ? '' : debounced.slice(0, SEARCH_TEXT_MAX);
  const options = useStudentOptions(query, student?.usuarioId ?? null);
  const form = useForm<StudentFormValues>({
    mode: 'controlled',
    initialValues: student
      ? {
          id: student.id,
          usuarioId: student.usuarioId,
          mallaId: student.mallaId,
          numeroLegajo: student.numeroLegajo,
          fechaIngreso: student.fechaIngreso,
        }
      : EMPTY,
    validate: schemaResolver(zStudentSave, { sync: true }),
  });

  useLoadErrorToast(mallas.error, MSG.mallasDataLoadFailed);
  useLoadErrorToast(options.error, MSG.usuariosDataLoadFailed);

  const mallaData = (mallas.data?.mallas ?? []).map((m) => ({ value: String(m.value), label: m.label }));
  // The record's own malla stays choosable even when it is no longer active.
  if (student && !mallaData.some((m) => m.value === String(student.mallaId))) {
    mallaData.unshift({ value: String(student.mallaId), label: `${student.malla} - ${student.carrera}` });
  }
  const alumnoData = (options.data?.alumnos ?? []).map((a) => ({ value: String(a.value), label: a.label }));
  if (picked && !alumnoData.some((a) => a.value === picked.value)) alumnoData.unshift(picked);

  const submit = async (values: StudentFormValues) => {
    try {
      // Validated by the schema already: the ids are chosen and the date is set.
      await save.mutateAsync({
        id: values.id,
        usuarioId: values.usuarioId ?? 0,
        mallaId: values.mallaId ?? 0,
        numeroLegajo: Number(values.numeroLegajo),
        fechaIngreso: values.fechaIngreso ?? '',
      });
      toast.success(MSG.studentSaved);
      await navigate(paths.students.list);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body?.error) {
        toast.warning(error.body.error);
      } else {
        toast.error(MSG.studentSaveFailed);
      }
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Número de Legajo"
              required
              allowDecimal={false}
              allowNegative={false}
              hideControls
              min={1}
              max={LEGAJO_MAX}
              {...form.getInputProps('numeroLegajo')}
            />
            <Select
              label="Alumno"
              required
              searchable
              placeholder="Escriba nombre, apellido o documento"
              nothingFoundMessage={options.isFetching ? 'Buscando…' : EMPTY_RESULT_TEXT}
              data={alumnoData}
              filter={({ options: all }) => all}
              searchValue={student ? undefined : search}
              onSearchChange={student ? undefined : setSearch}
              value={form.values.usuarioId ? String(form.values.usuarioId) : null}
              onChange={(v, option) => {
                setPicked(v && option ? { value: v, label: option.label } : null);
                form.setFieldValue('usuarioId', v ? Number(v) : null);
              }}
              error={form.errors.usuarioId}
              disabled={!!student}
            />
            <Select
              label="Malla - Carrera"
              required
              searchable
              placeholder="Seleccione la malla"
              nothingFoundMessage={EMPTY_RESULT_TEXT}
              data={mallaData}
              value={form.values.mallaId ? String(form.values.mallaId) : null}
              onChange={(v) => form.setFieldValue('mallaId', v ? Number(v) : null)}
              error={form.errors.mallaId}
            />
            <DateInput
              label="Fecha de ingreso"
              required
              valueFormat={DATE_FORMAT}
              dateParser={(input) => parseDate(input)}
              placeholder="dd/mm/aaaa"
              value={form.values.fechaIngreso}
              onChange={(v) => form.setFieldValue('fechaIngreso', v)}
              error={form.errors.fechaIngreso}
            />
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
            Cancelar - Volver
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** '/pages/students/new' and '/pages/students/edit/{id}': the student record form (spec 02 section 2). */
function StudentFormPageContent() {
  const { id } = useParams();
  const navigate = useNavigate();
  const studentId = id === undefined ? null : Number(id);
  const validId = studentId === null || (Number.isInteger(studentId) && studentId > 0);
  const student = useStudent(validId ? studentId : null);

  useEffect(() => {
    if (!validId || (student.error && isNotFound(student.error))) {
      toast.error(MSG.studentNotFound);
      void navigate(paths.students.list, { replace: true });
    } else if (student.error) {
      toast.error(MSG.studentLoadFailed);
    }
  }, [validId, student.error, navigate]);

  return (
    <>
      <PageHeader
        title={studentId === null ? 'Nuevo alumno' : 'Editar alumno'}
        description={
          student.data
            ? `${student.data.apellido}, ${student.data.nombre} · legajo ${student.data.numeroLegajo}`
            : 'Ficha de alumno: legajo, malla y fecha de ingreso.'
        }
        actions={
          studentId !== null && student.data ? (
            <Group gap="xs">
              <RecordHistoryButton
                title={`${student.data.apellido}, ${student.data.nombre}`}
                registros={[
                  { tabla: 'perfiles_alumno', ids: [student.data.id] },
                  { tabla: 'usuarios', ids: [student.data.usuarioId] },
                ]}
              />
              <Button component={Link} to={paths.certificates.ofStudent(studentId)} variant="light">
                Certificados
              </Button>
            </Group>
          ) : undefined
        }
      />
      {studentId !== null && !student.data ? (
        <PageLoader />
      ) : (
        <StudentForm key={student.data?.id ?? 'nuevo'} student={student.data ?? null} />
      )}
    </>
  );
}

export function StudentFormPage() {
  return (
    <StaffOnly>
      <StudentFormPageContent />
    </StaffOnly>
  );
}
