import { MSG, zCarreraSave, type CarreraSaveInput } from '@arandu/shared';
import { Group, Loader, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useCarrera } from '../api/get-carreras';
import { useSaveCarrera } from '../api/save-carrera';

const EMPTY: CarreraSaveInput = { id: null, nombre: '', codigo: '', activo: true };

/** 'Nueva carrera' / 'Editar carrera': `id` null for a new one. */
export function CarreraFormModal({ opened, id, onClose }: { opened: boolean; id: number | null; onClose: () => void }) {
  const carrera = useCarrera(opened ? id : null);
  const save = useSaveCarrera();
  const form = useForm<CarreraSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zCarreraSave, { sync: true }),
  });

  const { setValues, resetDirty, reset } = form;
  useEffect(() => {
    if (!opened) return;
    if (id === null) reset();
    else if (carrera.data) {
      setValues({
        id: carrera.data.id,
        nombre: carrera.data.nombre,
        codigo: carrera.data.codigo,
        activo: carrera.data.activo,
      });
      resetDirty();
    }
    // The form methods are stable; re-run only when another career is opened or it has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, id, carrera.data]);

  useEffect(() => {
    if (carrera.error) {
      toast.error(MSG.carreraLoadFailed);
      onClose();
    }
  }, [carrera.error, onClose]);

  const submit = async (values: CarreraSaveInput) => {
    try {
      await save.mutateAsync(values);
      toast.success(MSG.carreraSaved);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG.carreraSaveFailed));
    }
  };

  const loading = id !== null && carrera.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title={id === null ? 'Nueva carrera' : 'Editar carrera'} centered>
      {loading ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            <TextInput label="Nombre" required maxLength={128} data-autofocus {...form.getInputProps('nombre')} />
            <TextInput label="Código" required maxLength={16} {...form.getInputProps('codigo')} />
            <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
            <ModalFormFooter onCancel={onClose} saving={save.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
