import { alumnoEndpoints } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { AlumnoSelect, useAlumnoSearchText } from '../../../components/student-select';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A student of one malla, found by legajo, document or name (debounced 500 ms): an exception is only for a
 * student of the subject's malla, so the others are not offered.
 */
export function MallaAlumnoPicker({
  mallaId,
  ...picker
}: {
  mallaId: number;
  value: number | null;
  selectedLabel: string | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  error?: string | undefined;
}) {
  const text = useAlumnoSearchText(picker.selectedLabel);
  const query = text.query;
  const alumnos = useQuery({
    queryKey: queryKeys.mallas.studentSearch(mallaId, query),
    queryFn: () =>
      call(alumnoEndpoints.list, {
        body: {
          page: 1,
          pageSize: 50,
          // The malla is filtered by the server (SQL): filtering 50 students of any malla here could miss its own.
          filters: query ? { search: query, mallaId } : { mallaId },
        },
      }),
    placeholderData: (previous) => previous,
  });
  return (
    <AlumnoSelect
      {...picker}
      text={text}
      students={alumnos}
      nothingFoundMessage="No se encontraron alumnos de esta malla"
    />
  );
}
