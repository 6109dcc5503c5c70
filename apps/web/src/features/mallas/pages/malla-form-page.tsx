import { MSG, zMallaSave, type MallaSaveInput } from '@arandu/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { DATE_FORMAT } from '../../../lib/format';
import { useMalla, useMallaFormData } from '../api/get-mallas';
import { useSaveMalla } from '../api/save-malla';
import { MallaMateriasTable } from '../components/malla-materias-table';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY: MallaSaveInput = {
  id: null,
  nombre: '',
  carreraId: 0,
  fechaVigencia: '',
  usarPorDefecto: false,
  activo: true,
};

/** 'Nueva malla' / 'Editar malla' (spec 03 section 2.13), with the malla's subject table once it exists. */
export function MallaFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const malla = useMalla(id);
  const formData = useMallaFormData();
  const save = useSaveMalla();
  const form = useForm<MallaSaveInput>({ initialValues: EMPTY, validate: schemaResolver(zMallaSave, { sync: true }) });

  // The loaded malla fills the form once (a new one saved comes back here as its edit screen).
  const { initialize } = form;
  useEffect(() => {
    if (!malla.data) return;
    const { nombre, carreraId, fechaVigencia, usarPorDefecto, activo } = malla.data;
    initialize({ id: malla.data.id, nombre, carreraId, fechaVigencia, usarPorDefecto, activo });
  }, [malla.data, initialize]);

  useEffect(() => {
    if (!malla.error) return;
    if (isNotFound(malla.error)) {
      toast.error(MSG.mallaNotFound);
      void navigate(paths.mallas.list, { replace: true });
    } else toast.error(MSG.mallaLoadFailed);
  }, [malla.error, navigate]);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  const submit = async (values: MallaSaveInput) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(MSG.mallaSaved);
      // A new malla opens for its subjects; an edited one returns to the list.
      await navigate(id === null ? paths.mallas.edit(saved.id) : paths.mallas.list, { replace: id === null });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG.mallaSaveFailed));
    }
  };

  if (id !== null && malla.isPending) return <PageLoader />;
  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));
  const buttons = (
    <>
      <Button component={Link} to={paths.mallas.list} variant="default" leftSection={<IconArrowLeft size={16} />}>
        Cancelar - Volver
      </Button>
      <Button type="submit" form="malla-form" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
        Guardar
      </Button>
    </>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={id === null ? 'Nueva malla' : 'Editar malla'}
        description={malla.data ? `${malla.data.carrera.label} - ${malla.data.nombre}` : undefined}
        actions={buttons}
      />
      <Paper withBorder p="md">
        <form id="malla-form" onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <TextInput label="Nombre" required maxLength={128} {...form.getInputProps('nombre')} />
            <Select
              label="Carrera"
              required
              searchable
              placeholder="Seleccione la carrera"
              nothingFoundMessage={EMPTY_RESULT_TEXT}
              data={carreras}
              value={form.values.carreraId ? String(form.values.carreraId) : null}
              onChange={(v) => form.setFieldValue('carreraId', v ? Number(v) : 0)}
              error={form.errors.carreraId}
            />
            <DateInput
              label="Fecha Vigencia"
              required
              valueFormat={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              value={form.values.fechaVigencia || null}
              onChange={(v) => form.setFieldValue('fechaVigencia', v ?? '')}
              error={form.errors.fechaVigencia}
            />
          </SimpleGrid>
          <Group mt="md" gap="xl">
            <Switch label="Usar por defecto?" {...form.getInputProps('usarPorDefecto', { type: 'checkbox' })} />
            <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
          </Group>
        </form>
      </Paper>

      {id !== null && (
        <section aria-labelledby="malla-materias">
          <Title order={2} fz="lg" mb="sm" id="malla-materias">
            Materias de la malla
          </Title>
          <MallaMateriasTable mallaId={id} />
        </section>
      )}

      <Group justify="flex-end" gap="sm">
        {buttons}
      </Group>
    </Stack>
  );
}
