import {
  aulaEndpoints as e,
  calendarioEndpoints as cal,
  materiaPeriodoEndpoints,
  type AulaSaveInput,
  type AulasLibresQuery,
  type DiaSinClasesSave,
} from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.rooms;

export interface AulaFilters {
  search: string;
}

/** `POST /api/aulas/all`. */
export function aulasQueryOptions(request: ListRequest<AulaFilters>) {
  return queryOptions({ queryKey: keys.list(request), queryFn: () => call(e.list, { body: request }) });
}

/** `GET /api/aulas/{id}`. */
export function useAula(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function useSaveAula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AulaSaveInput) => call(e.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteAula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** `GET /api/aulas/libres`: only once a period, a day and both times are chosen. */
export function useAulasLibres(query: AulasLibresQuery | null) {
  return useQuery({
    queryKey: keys.libres(query),
    queryFn: () => call(e.libres, { query: query! }),
    enabled: query !== null,
  });
}

/** The periods to choose from (the subject-period form's list, the active one marked). */
export function usePeriodos() {
  return useQuery({
    queryKey: keys.periodos,
    queryFn: async () => (await call(materiaPeriodoEndpoints.formData, {})).periodos,
  });
}

/** `GET /api/periodos/{id}/dias-sin-clases`. */
export function useCalendario(periodoId: number | null) {
  return useQuery({
    queryKey: keys.calendario(periodoId ?? 0),
    queryFn: () => call(cal.get, { params: { id: periodoId ?? 0 } }),
    enabled: periodoId !== null,
  });
}

export function useAddDiaSinClases(periodoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiaSinClasesSave) => call(cal.add, { params: { id: periodoId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.calendario(periodoId) }),
  });
}

export function useRemoveDiaSinClases(periodoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fecha: string) => call(cal.remove, { params: { id: periodoId, fecha } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.calendario(periodoId) }),
  });
}
