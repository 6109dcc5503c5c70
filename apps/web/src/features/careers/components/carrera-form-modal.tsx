import { MSG, zCarreraSave, type Carrera, type CarreraSaveInput } from '@arandu/shared';
import { Switch, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { RecordFormModal } from '../../../components/record-form-modal';
import { useCarrera } from '../api/get-carreras';
import { useSaveCarrera } from '../api/save-carrera';

const EMPTY: CarreraSaveInput = { id: null, nombre: '', codigo: '', activo: true };
const validate = schemaResolver(zCarreraSave, { sync: true });
const toValues = ({ id, nombre, codigo, activo }: Carrera): CarreraSaveInput => ({ id, nombre, codigo, activo });
const TITLES = { create: 'Nueva carrera', edit: 'Editar carrera' };
const MESSAGES = { loadFailed: MSG.carreraLoadFailed, saved: MSG.carreraSaved, saveFailed: MSG.carreraSaveFailed };

/** 'Nueva carrera' / 'Editar carrera': `id` null for a new one. */
export function CarreraFormModal(props: { opened: boolean; id: number | null; onClose: () => void }) {
  return (
    <RecordFormModal
      {...props}
      titles={TITLES}
      empty={EMPTY}
      validate={validate}
      toValues={toValues}
      useRecord={useCarrera}
      useSave={useSaveCarrera}
      messages={MESSAGES}
    >
      {(form) => (
        <>
          <TextInput label="Nombre" required maxLength={128} data-autofocus {...form.getInputProps('nombre')} />
          <TextInput label="Código" required maxLength={16} {...form.getInputProps('codigo')} />
          <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
        </>
      )}
    </RecordFormModal>
  );
}
