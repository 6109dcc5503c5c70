import type { OldPlanning, PlanningCreation, PlanningFormData, PlanningPage, PlanningPageNumber } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every cached query of one subject-period's planning starts with this key (a save invalidates it). */
export const planningKey = (materiaPeriodoId: number) => ['planning', materiaPeriodoId] as const;

/** Page 1 answers only four keys while there is no planning yet (creation mode, spec 03 section 4). */
export type PlanningPageReply<N extends PlanningPageNumber> = N extends 1
  ? PlanningPage<1> | PlanningCreation
  : PlanningPage<N>;

export const isCreationMode = (reply: PlanningPageReply<1>): reply is PlanningCreation => !('id' in reply);

export function planningPageQueryOptions<N extends PlanningPageNumber>(materiaPeriodoId: number, n: N) {
  return queryOptions({
    queryKey: [...planningKey(materiaPeriodoId), 'page', n],
    queryFn: () => api.get<PlanningPageReply<N>>(`/planning/${materiaPeriodoId}/page-${n}`),
  });
}

export function usePlanningPage<N extends PlanningPageNumber>(materiaPeriodoId: number, n: N) {
  return useQuery(planningPageQueryOptions(materiaPeriodoId, n));
}

export function usePlanningFormData() {
  return useQuery({
    queryKey: ['planning', 'form-data'],
    queryFn: () => api.get<PlanningFormData>('/planning/form-data'),
    staleTime: Infinity,
  });
}

export function useOldPlannings(materiaMallaId: number | null) {
  return useQuery({
    queryKey: ['planning', 'old', materiaMallaId],
    queryFn: () => api.get<OldPlanning[]>(`/planning/list-old-plannings/${materiaMallaId}`),
    enabled: materiaMallaId !== null,
  });
}

export function downloadPlanning(materiaPeriodoId: number): Promise<Blob> {
  return api.get<Blob>(`/planning/download/${materiaPeriodoId}`, { responseType: 'blob' });
}
