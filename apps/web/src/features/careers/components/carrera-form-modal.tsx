import { MSG, zCarreraSave, type CarreraSaveInput } from '@arandu/shared';
import { Group, Loader, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useCarrera } from '../api/get-carreras';
import { useSaveCarrera } from '../api/save-carrera';
import { FormModal } from '../../../components/form-modal';

const EMPTY: CarreraSaveInput = { id: null, nombre: '', codigo: '', activo: true };

interface FormProps {
  id: number | null;
  onClose: () => void;
}

/** 'Nueva carrera' / 'Editar carrera': `id` null for a new one. */
export function CarreraFormModal({ opened, id, onClose }: FormProps & { opened: boolean }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={id === null ? 'Nueva carrera' : 'Editar carrera'} centered>
      {/* The body mounts afresh on each opening, and for each career. */}
      <CarreraForm key={id ?? 'nueva'} id={id} onClose={onClose} />
    </FormModal>
  );
}

function CarreraForm({ id, onClose }: FormProps) {
  const carrera = useCarrera(id);
  const save = useSaveCarrera();
  const form = useForm<CarreraSaveInput>({
    initialValues: EMPTY,
    validate: schemaResolver(zCarreraSave, { sync: true }),
  });

  const { initialize } = form;
  useEffect(() => {
    if (!carrera.data) return;
    const { nombre, codigo, activo } = carrera.data;
    initialize({ id: carrera.data.id, nombre, codigo, activo });
  }, [carrera.data, initialize]);

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

  if (id !== null && carrera.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Nombre" required maxLength={128} data-autofocus {...form.getInputProps('nombre')} />
        <TextInput label="Código" required maxLength={16} {...form.getInputProps('codigo')} />
        <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
        <ModalFormFooter onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
