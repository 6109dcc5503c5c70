import { LEGAJO_MAX, MSG, SEARCH_TEXT_MAX, zAlumnoSave, type AlumnoDetail } from '@arandu/shared';
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
import { useAlumno, useAlumnoMallas, useAlumnoOptions } from '../api/get-students';
import { useSaveAlumno } from '../api/save-student';
import { StaffOnly } from '../../../components/staff-only';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

interface AlumnoFormValues {
  id: number;
  usuarioId: number | null;
  mallaId: number | null;
  numeroLegajo: number | string;
  fechaIngreso: string | null;
}

const EMPTY: AlumnoFormValues = { id: 0, usuarioId: null, mallaId: null, numeroLegajo: '', fechaIngreso: null };

function AlumnoForm({ student: alumno }: { student: AlumnoDetail | null }) {
  const navigate = useNavigate();
  const save = useSaveAlumno();
  const mallas = useAlumnoMallas();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 500);
  // Choosing an option writes its label into the search box: that is not a new search.
  const query = picked && debounced === picked.label ? '' : debounced.slice(0, SEARCH_TEXT_MAX);
  const options = useAlumnoOptions(query, alumno?.usuarioId ?? null);
  const form = useForm<AlumnoFormValues>({
    mode: 'controlled',
    initialValues: alumno
      ? {
          id: alumno.id,
          usuarioId: alumno.usuarioId,
          mallaId: alumno.mallaId,
          numeroLegajo: alumno.numeroLegajo,
          fechaIngreso: alumno.fechaIngreso,
        }
      : EMPTY,
    validate: schemaResolver(zAlumnoSave, { sync: true }),
  });

  useLoadErrorToast(mallas.error, MSG.mallasDataLoadFailed);
  useLoadErrorToast(options.error, MSG.usuariosDataLoadFailed);

  const mallaData = (mallas.data?.mallas ?? []).map((m) => ({ value: String(m.value), label: m.label }));
  // The record's own malla stays choosable even when it is no longer active.
  if (alumno && !mallaData.some((m) => m.value === String(alumno.mallaId))) {
    mallaData.unshift({ value: String(alumno.mallaId), label: `${alumno.malla} - ${alumno.carrera}` });
  }
  const alumnoData = (options.data?.alumnos ?? []).map((a) => ({ value: String(a.value), label: a.label }));
  if (picked && !alumnoData.some((a) => a.value === picked.value)) alumnoData.unshift(picked);

  const submit = async (values: AlumnoFormValues) => {
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
              searchValue={alumno ? undefined : search}
              onSearchChange={alumno ? undefined : setSearch}
              value={form.values.usuarioId ? String(form.values.usuarioId) : null}
              onChange={(v, option) => {
                setPicked(v && option ? { value: v, label: option.label } : null);
                form.setFieldValue('usuarioId', v ? Number(v) : null);
              }}
              error={form.errors.usuarioId}
              disabled={!!alumno}
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
function AlumnoFormPageContent() {
  const { id } = useParams();
  const navigate = useNavigate();
  const alumnoId = id === undefined ? null : Number(id);
  const validId = alumnoId === null || (Number.isInteger(alumnoId) && alumnoId > 0);
  const alumno = useAlumno(validId ? alumnoId : null);

  useEffect(() => {
    if (!validId || (alumno.error && isNotFound(alumno.error))) {
      toast.error(MSG.studentNotFound);
      void navigate(paths.students.list, { replace: true });
    } else if (alumno.error) {
      toast.error(MSG.studentLoadFailed);
    }
  }, [validId, alumno.error, navigate]);

  return (
    <>
      <PageHeader
        title={alumnoId === null ? 'Nuevo alumno' : 'Editar alumno'}
        description={
          alumno.data
            ? `${alumno.data.apellido}, ${alumno.data.nombre} · legajo ${alumno.data.numeroLegajo}`
            : 'Ficha de alumno: legajo, malla y fecha de ingreso.'
        }
        actions={
          alumnoId !== null && alumno.data ? (
            <Group gap="xs">
              <RecordHistoryButton
                title={`${alumno.data.apellido}, ${alumno.data.nombre}`}
                registros={[
                  { tabla: 'perfiles_alumno', ids: [alumno.data.id] },
                  { tabla: 'usuarios', ids: [alumno.data.usuarioId] },
                ]}
              />
              <Button component={Link} to={paths.certificates.ofStudent(alumnoId)} variant="light">
                Certificados
              </Button>
              <Button component={Link} to={paths.horario.of('alumno', alumnoId)} variant="light">
                Horario
              </Button>
            </Group>
          ) : undefined
        }
      />
      {alumnoId !== null && !alumno.data ? (
        <PageLoader />
      ) : (
        <AlumnoForm key={alumno.data?.id ?? 'nuevo'} student={alumno.data ?? null} />
      )}
    </>
  );
}

export function AlumnoFormPage() {
  return (
    <StaffOnly>
      <AlumnoFormPageContent />
    </StaffOnly>
  );
}
