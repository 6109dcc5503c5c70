import { MSG, zMateriaSave, type MateriaSaveInput } from '@arandu/shared';
import { Group, Loader, Select, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useMateria, useMateriaFormData } from '../api/get-materias';
import { useSaveMateria } from '../api/save-materia';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';
import { FormModal } from '../../../components/form-modal';

const EMPTY: MateriaSaveInput = { id: null, nombre: '', codigo: '', carreraId: null, activo: true };

/** 'Nueva materia' / 'Editar materia'; a subject with no career is common to several (Cálculo I). */
export function MateriaFormModal({ opened, id, onClose }: { opened: boolean; id: number | null; onClose: () => void }) {
  const formData = useMateriaFormData();
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));
  return (
    <FormModal opened={opened} onClose={onClose} title={id === null ? 'Nueva materia' : 'Editar materia'} centered>
      {/* The body mounts afresh on each opening, and for each subject. */}
      <MateriaForm key={id ?? 'nueva'} id={id} carreras={carreras} onClose={onClose} />
    </FormModal>
  );
}

function MateriaForm({
  id,
  carreras,
  onClose,
}: {
  id: number | null;
  carreras: { value: string; label: string }[];
  onClose: () => void;
}) {
  const materia = useMateria(id);
  const save = useSaveMateria();
  const form = useForm<MateriaSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zMateriaSave, { sync: true }),
  });

  const { initialize } = form;
  useEffect(() => {
    if (!materia.data) return;
    const { nombre, codigo, carreraId, activo } = materia.data;
    initialize({ id: materia.data.id, nombre, codigo, carreraId, activo });
  }, [materia.data, initialize]);

  useEffect(() => {
    if (materia.error) {
      toast.error(MSG.materiaLoadFailed);
      onClose();
    }
  }, [materia.error, onClose]);

  const submit = async (values: MateriaSaveInput) => {
    try {
      await save.mutateAsync(values);
      toast.success(MSG.materiaSaved);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG.materiaSaveFailed));
    }
  };

  if (id !== null && materia.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  const carreraProps = form.getInputProps('carreraId');
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Nombre" required maxLength={128} data-autofocus {...form.getInputProps('nombre')} />
        <TextInput label="Código" required maxLength={16} {...form.getInputProps('codigo')} />
        <Select
          label="Carrera"
          description="Vacío para una materia común a varias carreras"
          placeholder="Común a varias carreras"
          data={carreras}
          clearable
          searchable
          nothingFoundMessage={EMPTY_RESULT_TEXT}
          value={form.values.carreraId ? String(form.values.carreraId) : null}
          onChange={(v) => form.setFieldValue('carreraId', v ? Number(v) : null)}
          error={carreraProps.error as string | undefined}
        />
        <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
        <ModalFormFooter onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
