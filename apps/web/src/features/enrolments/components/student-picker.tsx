import { ENROL_MSG, SEARCH_TEXT_MAX } from '@arandu/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/toast';
import { useStudentSearch } from '../api/inscription-form';

export interface StudentPickerProps {
  value: number | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  /** The chosen student's label, kept as an option while other texts are searched. */
  selectedLabel?: string | null;
  error?: string | undefined;
  disabled?: boolean;
}

/** The student selector of the staff views: records found by legajo, document or name (debounced 500 ms). */
export function StudentPicker({ value, onChange, selectedLabel, error, disabled }: StudentPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  // Choosing an option writes its label into the box: that is not a new search.
  const query = debounced === selectedLabel ? '' : debounced.slice(0, SEARCH_TEXT_MAX).trim();
  const students = useStudentSearch(query);
  useEffect(() => {
    if (students.error) toast.error(ENROL_MSG.alumnosLoadFailed);
  }, [students.error]);

  const data = (students.data?.items ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.numeroLegajo} - ${s.apellido}, ${s.nombre}`,
  }));
  if (value && selectedLabel && !data.some((d) => d.value === String(value))) {
    data.unshift({ value: String(value), label: selectedLabel });
  }
  return (
    <Select
      label="Alumno"
      placeholder="Buscar por legajo, documento o nombre"
      searchable
      clearable
      required
      data={data}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? null)}
      filter={({ options }) => options}
      nothingFoundMessage="No se encontraron alumnos"
      error={error}
      disabled={disabled}
      maw={520}
    />
  );
}
