import { periodoEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface PeriodoFilters {
  nombre: string;
  anho: number | null;
}

const keys = queryKeys.periods;

/** `POST /api/periodos/all`. */
export function periodosQueryOptions(request: ListRequest<PeriodoFilters>) {
  return queryOptions({ queryKey: keys.list(request), queryFn: () => call(e.list, { body: listBody(request) }) });
}

/** `GET /api/periodos/{id}`. */
export function usePeriodo(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `GET /api/periodos/form_data`. */
export function usePeriodoFormData() {
  return useQuery({ queryKey: keys.formData, queryFn: () => call(e.formData) });
}

/** `GET /api/periodos/form_data_edit_subjects/{id}`. */
export function useEditMateriasFormData(periodoId: number) {
  return useQuery({
    queryKey: keys.editSubjects(periodoId),
    queryFn: () => call(e.editSubjectsFormData, { params: { id: periodoId } }),
  });
}

/** `GET /api/periodos/subjects_by_semesters/{periodoId}/{carreraId}`. */
export function useMateriasBySemesters(periodoId: number, carreraId: number) {
  return useQuery({
    queryKey: keys.subjectsBySemesters(periodoId, carreraId),
    queryFn: () => call(e.subjectsBySemesters, { params: { periodoId, carreraId } }),
  });
}

export interface PeriodoMateriaFilters {
  carreraId: number;
}

/** `POST /api/periodos/{id}/materias/all`: the period's 'Detalle de materias'. */
export function periodoMateriasQueryOptions(periodoId: number, request: ListRequest<PeriodoMateriaFilters>) {
  return queryOptions({
    queryKey: keys.materias(periodoId, request),
    queryFn: () => call(e.listMaterias, { params: { id: periodoId }, body: listBody(request) }),
  });
}
