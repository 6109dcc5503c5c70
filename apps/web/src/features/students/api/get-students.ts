import { alumnoEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface AlumnoFilters {
  search: string;
}

const keys = queryKeys.students;

/** `POST /api/students/all`: one page of 'Alumnos del Sistema'. */
export function alumnosQueryOptions(request: ListRequest<AlumnoFilters>) {
  return queryOptions({ queryKey: keys.list(request), queryFn: () => call(e.list, { body: request }) });
}

/** `GET /api/students/{id}`. */
export function useAlumno(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    staleTime: 0,
    enabled: id !== null,
  });
}

/** `GET /api/students/mallas`: 'Malla - Carrera' options. */
export function useAlumnoMallas() {
  return useQuery({ queryKey: keys.mallas, queryFn: () => call(e.mallas), staleTime: 60_000 });
}

/** `GET /api/students/select_values`: students without a record, found by text (at most 20). */
export function useAlumnoOptions(search: string, usuarioId: number | null) {
  return useQuery({
    queryKey: keys.options(search.trim(), usuarioId),
    queryFn: () =>
      call(e.selectValues, { query: { search: search.trim() || undefined, usuarioId: usuarioId || undefined } }),
    placeholderData: (previous) => previous,
  });
}
