import { profesorEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface ProfesorMateriasFilters {
  search: string;
}

/** What the list asks besides the search: the period select and whether staff see every subject. */
export interface ProfesorMateriasScope {
  periodoId: number | null;
  todos: boolean;
}

const keys = queryKeys.professors;

/** `POST /api/Professors/subjects/all`: 'Materias asignadas'. */
export function profesorMateriasQueryOptions(
  scope: ProfesorMateriasScope,
  request: ListRequest<ProfesorMateriasFilters>,
) {
  const body = {
    page: request.page,
    pageSize: request.pageSize,
    filters: {
      ...request.filters,
      ...(scope.periodoId ? { periodoId: scope.periodoId } : {}),
      ...(scope.todos ? { todos: true } : {}),
    },
  };
  return queryOptions({ queryKey: keys.list(body), queryFn: () => call(e.list, { body }) });
}

/** `GET /api/Professors/all_subjects_dashboard`. */
export function useProfesorDashboard() {
  return useQuery({ queryKey: keys.dashboard, queryFn: () => call(e.dashboard) });
}

/** `GET /api/Professors/form_data`: the periods to choose from. */
export function useProfesorFormData() {
  return useQuery({ queryKey: keys.formData, queryFn: () => call(e.formData) });
}
