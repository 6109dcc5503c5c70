import { ENROL_MSG, SEARCH_TEXT_MAX, studentEndpoints } from '@arandu/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/toast';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A student of one malla, found by legajo, document or name (debounced 500 ms): an exception is only for a
 * student of the subject's malla, so the others are not offered.
 */
export function MallaStudentPicker({
  mallaId,
  value,
  selectedLabel,
  onChange,
  error,
}: {
  mallaId: number;
  value: number | null;
  selectedLabel: string | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  // Choosing an option writes its label into the box: that is not a new search.
  const query = debounced === selectedLabel ? '' : debounced.slice(0, SEARCH_TEXT_MAX).trim();
  const students = useQuery({
    queryKey: queryKeys.mallas.studentSearch(mallaId, query),
    queryFn: () =>
      call(studentEndpoints.list, {
        body: {
          page: 1,
          pageSize: 50,
          // The malla is filtered by the server (SQL): filtering 50 students of any malla here could miss its own.
          filters: query ? { search: query, mallaId } : { mallaId },
        },
      }),
    placeholderData: (previous) => previous,
  });
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
      nothingFoundMessage="No se encontraron alumnos de esta malla"
      error={error}
    />
  );
}
