import type { PageReply, ScoreReply, Tarea, TareaDetail, TareaSaveInput } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';
import { useTeachingMutation } from './get-plan';
import { nextSecuencia, teachingKey } from './keys';
import { withRetry } from './retry';

export interface TareaFilters {
  search: string;
}

export function tareasQueryOptions(materiaPeriodoId: number, request: ListRequest<TareaFilters>) {
  const queryKey: QueryKey = [...teachingKey(materiaPeriodoId), 'tareas', request];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<Tarea>>(`/homework/${materiaPeriodoId}/homework/all`, request),
  });
}

export function useTarea(materiaPeriodoId: number, id: number | null) {
  return useQuery({
    queryKey: [...teachingKey(materiaPeriodoId), 'tarea', id],
    queryFn: () => api.get<TareaDetail>(`/homework/homework/${id}`),
    enabled: !!id,
  });
}

export const useSaveTarea = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (body: TareaSaveInput) => api.post<{ id: number }>('/homework/homework', body));

export const useDeleteTarea = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) => api.delete<void>(`/homework/homework/${id}`));

export const useUsesPercentWeight = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (allow: boolean) =>
    api.put(`/homework/uses-percent-weight/${materiaPeriodoId}`, { id: materiaPeriodoId, allow }),
  );

/** One autosaved score: carries its own value and order, retried on a dropped connection. */
export function saveScore(body: {
  inscripcionMateriaId: number;
  tareaMateriaId: number;
  puntajeObtenido: number | null;
}): Promise<ScoreReply> {
  const secuencia = nextSecuencia();
  return withRetry(() => api.post<ScoreReply>('/homework/homework/update-score', { id: 0, ...body, secuencia }));
}
