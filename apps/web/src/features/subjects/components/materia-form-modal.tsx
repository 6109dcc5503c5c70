import { MSG, zMateriaSave, type MateriaSaveInput } from '@arandu/shared';
import { Group, Loader, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useMateria, useMateriaFormData } from '../api/get-materias';
import { useSaveMateria } from '../api/save-materia';

const EMPTY: MateriaSaveInput = { id: null, nombre: '', codigo: '', carreraId: null, activo: true };

/** 'Nueva materia' / 'Editar materia'; a subject with no career is common to several (Cálculo I). */
export function MateriaFormModal({ opened, id, onClose }: { opened: boolean; id: number | null; onClose: () => void }) {
  const materia = useMateria(opened ? id : null);
  const formData = useMateriaFormData();
  const save = useSaveMateria();
  const form = useForm<MateriaSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zMateriaSave, { sync: true }),
  });

  const { setValues, resetDirty, reset } = form;
  useEffect(() => {
    if (!opened) return;
    if (id === null) reset();
    else if (materia.data) {
      const { id: mid, nombre, codigo, carreraId, activo } = materia.data;
      setValues({ id: mid, nombre, codigo, carreraId, activo });
      resetDirty();
    }
    // The form methods are stable; re-run only when another subject is opened or it has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, id, materia.data]);

  useEffect(() => {
    if (materia.error) {
      toast.error(MSG.materiaLoadFailed);
      onClose();
    }
  }, [materia.error, onClose]);
  useEffect(() => {
    if (formData.error) toast.error(MSG.formDataLoadFailed);
  }, [formData.error]);

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

  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));
  const carreraProps = form.getInputProps('carreraId');
  return (
    <Modal opened={opened} onClose={onClose} title={id === null ? 'Nueva materia' : 'Editar materia'} centered>
      {id !== null && materia.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
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
              nothingFoundMessage="No se encontraron resultados"
              value={form.values.carreraId ? String(form.values.carreraId) : null}
              onChange={(v) => form.setFieldValue('carreraId', v ? Number(v) : null)}
              error={carreraProps.error as string | undefined}
            />
            <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
            <ModalFormFooter onCancel={onClose} saving={save.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
