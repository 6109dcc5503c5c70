import { MSG, zPeriodoSave, type PeriodoSaveInput } from '@arandu/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DateTimeField } from '../../../components/date-time-field';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { DATE_FORMAT } from '../../../lib/format';
import { usePeriodo, usePeriodoFormData } from '../api/get-periodos';
import { useSavePeriodo } from '../api/save-periodo';
import { fromLocalDate, toLocalDate } from '../components/period-dates';
import { PeriodoMateriasTable } from '../components/periodo-materias-table';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY: PeriodoSaveInput = {
  id: null,
  nombre: '',
  anho: 0,
  esSemestrePar: false,
  activo: false,
  inicioClases: '',
  finClases: '',
  inicioPeriodoInscripcion: '',
  finPeriodoInscripcion: '',
  finCalificarTareas: '',
  finEditarPlaneamiento: '',
};

type DateField = 'inicioClases' | 'finClases' | 'inicioPeriodoInscripcion' | 'finPeriodoInscripcion';
type DateTimeFieldName = 'finCalificarTareas' | 'finEditarPlaneamiento';

/** 'Nuevo periodo' / 'Editar periodo' (spec 03 section 2.11), with the period's subjects when editing. */
export function PeriodoFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const periodo = usePeriodo(id);
  const formData = usePeriodoFormData();
  const save = useSavePeriodo();
  const form = useForm<PeriodoSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zPeriodoSave, { sync: true }),
  });

  // The loaded period fills the form once.
  const { initialize } = form;
  useEffect(() => {
    if (!periodo.data) return;
    const { anhoLectivoId: _year, ...values } = periodo.data;
    initialize(values);
  }, [periodo.data, initialize]);

  useEffect(() => {
    if (!periodo.error) return;
    if (isNotFound(periodo.error)) {
      toast.error(MSG.periodoNotFound);
      void navigate(paths.periodos.list, { replace: true });
    } else toast.error(MSG.periodoLoadFailed);
  }, [periodo.error, navigate]);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  const submit = async (values: PeriodoSaveInput) => {
    try {
      await save.mutateAsync(values);
      toast.success(MSG.periodoSaved);
      await navigate(paths.periodos.list);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG.periodoSaveFailed));
    }
  };

  // At most one period is active and saving this one as active deactivates the other (DOMAIN.md section 3):
  // say which, and ask, before the box is ticked.
  const changeActivo = async (checked: boolean) => {
    const current = formData.data?.periodos.find((p) => p.activo && p.value !== id);
    if (checked && current) {
      const ok = await confirmDialog({
        title: MSG.periodoActivarTitle,
        message: MSG.periodoActivarConfirm(current.label),
        confirmLabel: 'Sí, activar',
      });
      if (!ok) return;
    }
    form.setFieldValue('activo', checked);
  };

  if (id !== null && periodo.isPending) return <PageLoader />;

  const dateInput = (field: DateField, label: string, edge: 'start' | 'end') => (
    <DateInput
      label={label}
      required
      valueFormat={DATE_FORMAT}
      placeholder="dd/mm/aaaa"
      value={toLocalDate(form.values[field])}
      onChange={(v) => form.setFieldValue(field, fromLocalDate(v, edge))}
      error={form.errors[field]}
    />
  );
  const dateTimeInput = (field: DateTimeFieldName, label: string) => (
    <DateTimeField
      label={label}
      required
      defaultTime="23:59"
      value={form.values[field]}
      onChange={(v) => form.setFieldValue(field, v)}
      error={form.errors[field]}
    />
  );

  const years = (formData.data?.aniosLectivos ?? []).map((y) => ({ value: String(y.value), label: y.label }));
  const buttons = (
    <>
      <Button component={Link} to={paths.periodos.list} variant="default" leftSection={<IconArrowLeft size={16} />}>
        Cancelar - Volver
      </Button>
      <Button type="submit" form="periodo-form" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
        Guardar
      </Button>
    </>
  );

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title={id === null ? 'Nuevo periodo' : 'Editar periodo'}
        description={periodo.data ? `${periodo.data.anho} - ${periodo.data.nombre}` : undefined}
        actions={buttons}
      />
      <Paper withBorder p="md">
        <form id="periodo-form" onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextInput label="Nombre" required maxLength={64} {...form.getInputProps('nombre')} />
              <Select
                label="Año lectivo"
                required
                data={years}
                placeholder="Seleccione el año"
                value={form.values.anho ? String(form.values.anho) : null}
                onChange={(v) => form.setFieldValue('anho', v ? Number(v) : 0)}
                error={form.errors.anho}
              />
              <Switch
                mt={{ md: 'xl' }}
                label="Semestre par?"
                {...form.getInputProps('esSemestrePar', { type: 'checkbox' })}
              />
              <Switch
                mt={{ md: 'xl' }}
                label="Activo?"
                checked={form.values.activo}
                // Which period is active comes with the form data: until then there is nobody to name.
                disabled={!formData.data}
                onChange={(e) => void changeActivo(e.currentTarget.checked)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {dateInput('inicioClases', 'Inicio de clases', 'start')}
              {dateInput('finClases', 'Fin de clases', 'end')}
              {dateInput('inicioPeriodoInscripcion', 'Inicio de inscripciones', 'start')}
              {dateInput('finPeriodoInscripcion', 'Fin de inscripciones', 'end')}
            </SimpleGrid>
            {/* Two to a row: each takes a date and its time under a label too long for a quarter. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {dateTimeInput('finCalificarTareas', 'Límite para calificar tareas')}
              {dateTimeInput('finEditarPlaneamiento', 'Límite para editar planeamiento')}
            </SimpleGrid>
          </Stack>
        </form>
      </Paper>

      {id !== null && <PeriodoMateriasTable periodoId={id} carreras={formData.data?.carreras ?? []} />}

      <Group justify="flex-end" gap="sm">
        {buttons}
      </Group>
    </Stack>
  );
}
