import { ENROL_MSG, SEARCH_TEXT_MAX, type PageReply, type AlumnoListItem } from '@arandu/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useLoadErrorToast } from './use-load-error-toast';

/** What a student picker types: the box's text, and the search it asks for (debounced 500 ms, capped). */
export interface AlumnoSearchText {
  search: string;
  setSearch: (text: string) => void;
  query: string;
}

/** The box's text of a student picker and the search it stands for; the picker's own query runs on `query`. */
export function useAlumnoSearchText(selectedLabel: string | null | undefined): AlumnoSearchText {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  // Choosing an option writes its label into the box: that is not a new search.
  const query = debounced === selectedLabel ? '' : debounced.slice(0, SEARCH_TEXT_MAX).trim();
  return { search, setSearch, query };
}

export interface AlumnoSelectProps {
  text: AlumnoSearchText;
  /** The students the picker's query found (`POST /api/students/all`). */
  students: { data?: PageReply<AlumnoListItem> | undefined; error: unknown };
  value: number | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  /** The chosen student's label, kept as an option while other texts are searched. */
  selectedLabel?: string | null | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
  nothingFoundMessage: string;
  maw?: number | undefined;
}

/** The student selector of the staff views: records found by legajo, document or name, as the server filters them. */
export function AlumnoSelect({ text, students: alumnos, value, onChange, selectedLabel, ...rest }: AlumnoSelectProps) {
  useLoadErrorToast(alumnos.error, ENROL_MSG.alumnosLoadFailed);

  const data = (alumnos.data?.items ?? []).map((s) => ({
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
      searchValue={text.search}
      onSearchChange={text.setSearch}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? null)}
      filter={({ options }) => options}
      {...rest}
    />
  );
}
