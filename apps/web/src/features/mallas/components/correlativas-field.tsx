import { CORRELATIVAS_MAX, type CondicionCorrelativa, type MallaMateriaRow } from '@arandu/shared';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { mallaMateriasQueryOptions } from '../api/get-mallas';

export interface CorrelativaValue {
  materiaMallaId: number;
  condicion: CondicionCorrelativa;
}

const CONDICIONES = [
  { value: 'regular', label: 'Regularizada' },
  { value: 'aprobada', label: 'Aprobada' },
];

/**
 * The correlatives of a malla subject (issue 29): other subjects of the malla, of its semester or earlier, each
 * regularised or passed to enrol. The server has the last word (cycles, semesters) and names what it refuses.
 */
export function CorrelativasField({
  mallaId,
  subjectId: materiaId,
  semestre,
  value,
  onChange,
  error,
  rowError,
}: {
  mallaId: number;
  subjectId: number | null;
  semestre: number;
  value: CorrelativaValue[];
  onChange: (value: CorrelativaValue[]) => void;
  error?: React.ReactNode;
  /** The error of one row's subject (an empty row), by index. */
  rowError: (i: number) => React.ReactNode;
}) {
  // A malla holds at most 10 semesters of subjects: one page of 100 is all of them.
  const materias = useQuery(mallaMateriasQueryOptions(mallaId, { page: 1, pageSize: 100, filters: {} }));
  const options = (materias.data?.items ?? [])
    .filter((s: MallaMateriaRow) => s.id !== materiaId && (!semestre || s.semestreNroOrden <= semestre))
    .map((s) => ({ value: String(s.id), label: `${s.semestreNroOrden}º · ${s.codigoMateria} - ${s.materia}` }));
  const set = (i: number, change: Partial<CorrelativaValue>) =>
    onChange(value.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Correlativas
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin correlativas: cualquier alumno de la malla puede inscribirse.
        </Text>
      )}
      {value.map((c, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <Select
            style={{ flex: 1 }}
            aria-label={`Correlativa ${i + 1}`}
            searchable
            placeholder="Materia requerida"
            nothingFoundMessage={EMPTY_RESULT_TEXT}
            data={options}
            value={c.materiaMallaId ? String(c.materiaMallaId) : null}
            onChange={(v) => set(i, { materiaMallaId: v ? Number(v) : 0 })}
            error={rowError(i)}
          />
          <Select
            w={150}
            aria-label={`Condición de la correlativa ${i + 1}`}
            data={CONDICIONES}
            value={c.condicion}
            allowDeselect={false}
            onChange={(v) => set(i, { condicion: (v ?? 'regular') as CondicionCorrelativa })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar correlativa ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={value.length >= CORRELATIVAS_MAX}
          onClick={() => onChange([...value, { materiaMallaId: 0, condicion: 'regular' }])}
        >
          Agregar correlativa
        </Button>
      </Group>
    </Stack>
  );
}
