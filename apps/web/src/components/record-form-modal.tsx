import { Group, Loader, Stack } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { failureMessage, fieldErrorsOf } from '../lib/api-errors';
import { FormModal } from './form-modal';
import { ModalFormFooter } from './modal-form-footer';
import { toast } from './toast';

export interface RecordFormModalProps<V extends Record<string, unknown>, R> {
  opened: boolean;
  /** The record to edit; null for a new one. */
  id: number | null;
  onClose: () => void;
  /** The modal's title for a new record and for one being edited ('Nueva carrera', 'Editar carrera'). */
  titles: { create: string; edit: string };
  /** A new record's values. */
  empty: V;
  validate: NoInfer<FormValidateInput<V>>;
  /** The loaded record as the form's values. */
  toValues: (record: R) => V;
  /** The query of record `id` (disabled for null) and the save's mutation, as the feature's api declares them. */
  useRecord: (id: number | null) => { data: R | undefined; error: unknown; isPending: boolean };
  useSave: () => { mutateAsync: (values: V) => Promise<unknown>; isPending: boolean };
  messages: { loadFailed: string; saved: string; saveFailed: string };
  /** The fields, between the form's top and its footer. */
  children: (form: UseFormReturnType<V>) => ReactNode;
}

/**
 * A catalogue's 'Nuevo…' / 'Editar…' modal (careers, subjects, rooms): the record loaded into the form (a
 * loader meanwhile; a toast and the modal closed when it cannot be read), the schema's checks, and a save that
 * closes with a toast or marks the fields the server refused. Each form brings only its fields.
 */
export function RecordFormModal<V extends Record<string, unknown>, R>(props: RecordFormModalProps<V, R>) {
  const { opened, id, onClose, titles } = props;
  return (
    <FormModal opened={opened} onClose={onClose} title={id === null ? titles.create : titles.edit} centered>
      {/* The body mounts afresh on each opening, and for each record. */}
      <RecordForm key={id ?? 'nuevo'} {...props} />
    </FormModal>
  );
}

function RecordForm<V extends Record<string, unknown>, R>({
  id,
  onClose,
  empty,
  validate,
  toValues,
  useRecord,
  useSave,
  messages,
  children,
}: RecordFormModalProps<V, R>) {
  const record = useRecord(id);
  const save = useSave();
  const form = useForm<V>({ initialValues: empty, validate });

  const { initialize } = form;
  useEffect(() => {
    if (record.data) initialize(toValues(record.data));
  }, [record.data, initialize, toValues]);

  useEffect(() => {
    if (record.error) {
      toast.error(messages.loadFailed);
      onClose();
    }
  }, [record.error, messages.loadFailed, onClose]);

  const submit = async (values: V) => {
    try {
      await save.mutateAsync(values);
      toast.success(messages.saved);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, messages.saveFailed));
    }
  };

  if (id !== null && record.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        {children(form)}
        <ModalFormFooter onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
