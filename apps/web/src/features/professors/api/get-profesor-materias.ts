import type { PageReply, ProfesorFormData, ProfesorMateria } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface ProfesorMateriasFilters {
  search: string;
}

/** What the list asks besides the search: the period select and whether staff see every subject. */
export interface ProfesorMateriasScope {
  periodoId: number | null;
  todos: boolean;
}

export const profesorMateriasKey = ['profesor-materias'] as const;

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
  const queryKey: QueryKey = [...profesorMateriasKey, 'list', body];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<ProfesorMateria>>('/Professors/subjects/all', body),
  });
}

export function useProfesorDashboard() {
  return useQuery({
    queryKey: [...profesorMateriasKey, 'dashboard'],
    queryFn: () => api.get<ProfesorMateria[]>('/Professors/all_subjects_dashboard'),
  });
}

export function useProfesorFormData() {
  return useQuery({
    queryKey: [...profesorMateriasKey, 'form-data'],
    queryFn: () => api.get<ProfesorFormData>('/Professors/form_data'),
  });
}
