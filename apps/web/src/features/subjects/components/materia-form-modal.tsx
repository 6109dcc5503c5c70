import { MSG, zMateriaSave, type Materia, type MateriaSaveInput } from '@arandu/shared';
import { Select, Switch, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { RecordFormModal } from '../../../components/record-form-modal';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';
import { useMateria, useMateriaFormData } from '../api/get-materias';
import { useSaveMateria } from '../api/save-materia';

const EMPTY: MateriaSaveInput = { id: null, nombre: '', codigo: '', carreraId: null, activo: true };
const validate = schemaResolver(zMateriaSave, { sync: true });
const toValues = ({ id, nombre, codigo, carreraId, activo }: Materia): MateriaSaveInput => ({
  id,
  nombre,
  codigo,
  carreraId,
  activo,
});
const TITLES = { create: 'Nueva materia', edit: 'Editar materia' };
const MESSAGES = { loadFailed: MSG.materiaLoadFailed, saved: MSG.materiaSaved, saveFailed: MSG.materiaSaveFailed };

/** 'Nueva materia' / 'Editar materia'; a subject with no career is common to several (Cálculo I). */
export function MateriaFormModal(props: { opened: boolean; id: number | null; onClose: () => void }) {
  const formData = useMateriaFormData();
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  const carreras = (formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label }));
  return (
    <RecordFormModal
      {...props}
      titles={TITLES}
      empty={EMPTY}
      validate={validate}
      toValues={toValues}
      useRecord={useMateria}
      useSave={useSaveMateria}
      messages={MESSAGES}
    >
      {(form) => (
        <>
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
            error={form.getInputProps('carreraId').error as string | undefined}
          />
          <Switch label="Activo?" {...form.getInputProps('activo', { type: 'checkbox' })} />
        </>
      )}
    </RecordFormModal>
  );
}
