import { AULA_MSG, TIPOS_AULA, zAulaSave, type AulaSaveInput } from '@arandu/shared';
import { Group, Loader, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormModal } from '../../../components/form-modal';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useAula, useSaveAula } from '../api/aulas';

const EMPTY: AulaSaveInput = { id: null, nombre: '', edificio: '', capacidad: null, tipo: 'aula' };
export const TIPO_LABELS: Record<(typeof TIPOS_AULA)[number], string> = {
  aula: 'Aula',
  laboratorio: 'Laboratorio',
  auditorio: 'Auditorio',
};

interface FormProps {
  id: number | null;
  onClose: () => void;
}

/** 'Nueva aula' / 'Editar aula': `id` null for a new one. */
export function AulaFormModal({ opened, id, onClose }: FormProps & { opened: boolean }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={id === null ? 'Nueva aula' : 'Editar aula'} centered>
      <AulaForm key={id ?? 'nueva'} id={id} onClose={onClose} />
    </FormModal>
  );
}

function AulaForm({ id, onClose }: FormProps) {
  const aula = useAula(id);
  const save = useSaveAula();
  const form = useForm<AulaSaveInput>({ initialValues: EMPTY, validate: schemaResolver(zAulaSave, { sync: true }) });

  const { initialize } = form;
  useEffect(() => {
    if (aula.data) initialize({ ...aula.data, edificio: aula.data.edificio ?? '' });
  }, [aula.data, initialize]);

  useEffect(() => {
    if (aula.error) {
      toast.error(AULA_MSG.aulaNotFound);
      onClose();
    }
  }, [aula.error, onClose]);

  const submit = async (values: AulaSaveInput) => {
    try {
      await save.mutateAsync(values);
      toast.success(AULA_MSG.aulaGuardada);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, 'No se pudo guardar el aula'));
    }
  };

  if (id !== null && aula.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Nombre" required maxLength={64} data-autofocus {...form.getInputProps('nombre')} />
        <TextInput label="Edificio" maxLength={64} {...form.getInputProps('edificio')} />
        <NumberInput
          label="Capacidad"
          description="Lugares sentados; vacío si no se conoce"
          min={1}
          max={10000}
          allowDecimal={false}
          {...form.getInputProps('capacidad')}
          value={form.values.capacidad ?? ''}
          onChange={(v) => form.setFieldValue('capacidad', typeof v === 'number' ? v : null)}
        />
        <Select
          label="Tipo"
          data={TIPOS_AULA.map((t) => ({ value: t, label: TIPO_LABELS[t] }))}
          allowDeselect={false}
          {...form.getInputProps('tipo')}
        />
        <ModalFormFooter onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
