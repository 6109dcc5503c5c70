import { homeworkEndpoints as e, type PuntajeReply, type TareaSaveInput } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { useTeachingMutation } from './get-plan';
import { withRetry } from './retry';
import { nextSecuencia } from './secuencia';

const keys = queryKeys.teaching;

export interface TareaFilters {
  search: string;
}

export function tareasQueryOptions(materiaPeriodoId: number, request: ListRequest<TareaFilters>) {
  return queryOptions({
    queryKey: keys.tareas(materiaPeriodoId, request),
    queryFn: () => call(e.list, { params: { id: materiaPeriodoId }, body: listBody(request) }),
  });
}

export function useTarea(materiaPeriodoId: number, id: number | null) {
  return useQuery({
    queryKey: keys.tarea(materiaPeriodoId, id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: !!id,
  });
}

export const useSaveTarea = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (body: TareaSaveInput) => call(e.save, { body }));

export const useDeleteTarea = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) => call(e.remove, { params: { id } }));

export const useUsesPercentWeight = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (allow: boolean) =>
    call(e.usesPercentWeight, { params: { id: materiaPeriodoId }, body: { id: materiaPeriodoId, allow } }),
  );

/** One autosaved score: carries its own value and order, retried on a dropped connection. */
export function savePuntaje(body: {
  inscripcionMateriaId: number;
  tareaMateriaId: number;
  puntajeObtenido: number | null;
}): Promise<PuntajeReply> {
  const secuencia = nextSecuencia();
  return withRetry(() => call(e.updateScore, { body: { id: 0, ...body, secuencia } }));
}
