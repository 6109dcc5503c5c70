import { AULA_MSG, TIPOS_AULA, zAulaSave, type Aula, type AulaSaveInput } from '@arandu/shared';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { RecordFormModal } from '../../../components/record-form-modal';
import { useAula, useSaveAula } from '../api/aulas';

const EMPTY: AulaSaveInput = { id: null, nombre: '', edificio: '', capacidad: null, tipo: 'aula' };
export const TIPO_LABELS: Record<(typeof TIPOS_AULA)[number], string> = {
  aula: 'Aula',
  laboratorio: 'Laboratorio',
  auditorio: 'Auditorio',
};
const validate = schemaResolver(zAulaSave, { sync: true });
const toValues = (aula: Aula): AulaSaveInput => ({ ...aula, edificio: aula.edificio ?? '' });
const TITLES = { create: 'Nueva aula', edit: 'Editar aula' };
const MESSAGES = {
  loadFailed: AULA_MSG.aulaNotFound,
  saved: AULA_MSG.aulaGuardada,
  saveFailed: 'No se pudo guardar el aula',
};

/** 'Nueva aula' / 'Editar aula': `id` null for a new one. */
export function AulaFormModal(props: { opened: boolean; id: number | null; onClose: () => void }) {
  return (
    <RecordFormModal
      {...props}
      titles={TITLES}
      empty={EMPTY}
      validate={validate}
      toValues={toValues}
      useRecord={useAula}
      useSave={useSaveAula}
      messages={MESSAGES}
    >
      {(form) => (
        <>
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
        </>
      )}
    </RecordFormModal>
  );
}
