import {
  HORAS_MAX,
  MSG,
  zMallaMateriaSave,
  type MallaFormData,
  type MallaMateriaRow,
  type MallaMateriaSaveInput,
} from '@arandu/shared';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useMallaFormData } from '../api/get-mallas';
import { useSaveMallaMateria } from '../api/save-malla';
import { CorrelativasField } from './correlativas-field';
import { SEMESTRE_OPTIONS } from './semestre-options';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { FormModal } from '../../../components/form-modal';

const EMPTY: MallaMateriaSaveInput = {
  id: null,
  materiaId: 0,
  semestreNroOrden: 0,
  codigo: '',
  areaConocimiento: '',
  horasLaboratorioSemestral: 0,
  horasPracticaSemestral: 0,
  horasTeoriaSemestral: 0,
  correlativas: [],
};

function valuesOf(row: MallaMateriaRow): MallaMateriaSaveInput {
  return {
    id: row.id,
    materiaId: row.materiaId,
    semestreNroOrden: row.semestreNroOrden,
    codigo: row.codigoMateria,
    areaConocimiento: row.areaConocimiento ?? '',
    horasLaboratorioSemestral: row.horasLaboratorioSemestral,
    horasPracticaSemestral: row.horasPracticaSemestral,
    horasTeoriaSemestral: row.horasTeoriaSemestral,
    correlativas: row.correlativas.map(({ materiaMallaId, condicion }) => ({ materiaMallaId, condicion })),
  };
}

/** Adds a subject to the malla or edits its row: semester, code there, knowledge area and semester hours. */
export function MallaMateriaModal({
  mallaId,
  row,
  opened,
  onClose,
}: {
  mallaId: number;
  row: MallaMateriaRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const formData = useMallaFormData();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={row ? 'Editar materia de la malla' : 'Agregar materia a la malla'}
      size="lg"
      centered
    >
      {/* The body mounts afresh on each opening, and for each row. */}
      <MallaMateriaForm
        key={row?.id ?? 'nueva'}
        mallaId={mallaId}
        row={row}
        materias={formData.data?.materias ?? []}
        onClose={onClose}
      />
    </FormModal>
  );
}

function MallaMateriaForm({
  mallaId,
  row,
  materias,
  onClose,
}: {
  mallaId: number;
  row: MallaMateriaRow | null;
  materias: MallaFormData['materias'];
  onClose: () => void;
}) {
  const save = useSaveMallaMateria();
  // The row is at hand when the form mounts: it starts with the row's values.
  const form = useForm<MallaMateriaSaveInput>({
    initialValues: row ? valuesOf(row) : EMPTY,
    validate: schemaResolver(zMallaMateriaSave, { sync: true }),
  });

  const chooseMateria = (value: string | null) => {
    const materiaId = value ? Number(value) : 0;
    form.setFieldValue('materiaId', materiaId);
    // The code in the malla starts as the catalogue's code.
    const chosen = materias.find((m) => m.value === materiaId);
    if (chosen && !form.values.codigo) form.setFieldValue('codigo', chosen.codigo);
  };

  const submit = async (values: MallaMateriaSaveInput) => {
    try {
      await save.mutateAsync({ ...values, mallaId });
      toast.success(MSG.mallaMateriaSaved);
      onClose();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, MSG.mallaMateriaSaveFailed));
    }
  };

  const hours = (
    field: 'horasLaboratorioSemestral' | 'horasPracticaSemestral' | 'horasTeoriaSemestral',
    label: string,
  ) => (
    <NumberInput
      label={label}
      min={0}
      max={HORAS_MAX}
      allowDecimal={false}
      allowNegative={false}
      {...form.getInputProps(field)}
      onChange={(v) => form.setFieldValue(field, typeof v === 'number' ? v : 0)}
    />
  );

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <Select
          label="Materia"
          required
          searchable
          placeholder="Buscar por código o nombre"
          nothingFoundMessage={EMPTY_RESULT_TEXT}
          data={materias.map((m) => ({ value: String(m.value), label: m.label }))}
          value={form.values.materiaId ? String(form.values.materiaId) : null}
          onChange={chooseMateria}
          error={form.errors.materiaId}
          limit={100}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Semestre"
            required
            data={SEMESTRE_OPTIONS}
            value={form.values.semestreNroOrden ? String(form.values.semestreNroOrden) : null}
            onChange={(v) => form.setFieldValue('semestreNroOrden', v ? Number(v) : 0)}
            error={form.errors.semestreNroOrden}
          />
          <TextInput label="Código" required maxLength={16} {...form.getInputProps('codigo')} />
          <TextInput label="Área Conocimiento" maxLength={64} {...form.getInputProps('areaConocimiento')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {hours('horasLaboratorioSemestral', 'Horas laboratorio (semestre)')}
          {hours('horasPracticaSemestral', 'Horas práctica (semestre)')}
          {hours('horasTeoriaSemestral', 'Horas teoría (semestre)')}
        </SimpleGrid>
        <CorrelativasField
          mallaId={mallaId}
          subjectId={row?.id ?? null}
          semestre={form.values.semestreNroOrden}
          value={form.values.correlativas ?? []}
          onChange={(v) => form.setFieldValue('correlativas', v)}
          error={form.errors.correlativas}
          rowError={(i) => form.errors[`correlativas.${i}.materiaMallaId`]}
        />
        <ModalFormFooter onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
