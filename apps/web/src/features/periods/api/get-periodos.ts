import type {
  PageReply,
  Periodo,
  PeriodoEditSubjectsFormData,
  PeriodoFormData,
  PeriodoMateriaRow,
  PeriodoSubjectSelection,
} from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface PeriodoFilters {
  nombre: string;
  anho: number | null;
}

export const periodosKey = ['periodos'] as const;

export function getPeriodos(request: ListRequest<PeriodoFilters>): Promise<PageReply<Periodo>> {
  return api.post('/periodos/all', request);
}

export function periodosQueryOptions(request: ListRequest<PeriodoFilters>) {
  const queryKey: QueryKey = [...periodosKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getPeriodos(request) });
}

export function usePeriodo(id: number | null) {
  return useQuery({
    queryKey: [...periodosKey, 'one', id],
    queryFn: () => api.get<Periodo>(`/periodos/${id}`),
    enabled: id !== null,
  });
}

export function usePeriodoFormData() {
  return useQuery({
    queryKey: [...periodosKey, 'form-data'],
    queryFn: () => api.get<PeriodoFormData>('/periodos/form_data'),
  });
}

export function useEditSubjectsFormData(periodoId: number) {
  return useQuery({
    queryKey: [...periodosKey, 'edit-subjects', periodoId],
    queryFn: () => api.get<PeriodoEditSubjectsFormData>(`/periodos/form_data_edit_subjects/${periodoId}`),
  });
}

export function useSubjectsBySemesters(periodoId: number, carreraId: number) {
  return useQuery({
    queryKey: [...periodosKey, 'subjects-by-semesters', periodoId, carreraId],
    queryFn: () => api.get<PeriodoSubjectSelection>(`/periodos/subjects_by_semesters/${periodoId}/${carreraId}`),
  });
}

export interface PeriodoMateriaFilters {
  carreraId: number;
}

export function periodoMateriasQueryOptions(periodoId: number, request: ListRequest<PeriodoMateriaFilters>) {
  const queryKey: QueryKey = [...periodosKey, 'materias', periodoId, request];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<PeriodoMateriaRow>>(`/periodos/${periodoId}/materias/all`, request),
  });
}
