import {
  planningEndpoints as e,
  type PlanningCreation,
  type PlanningPage,
  type PlanningPageNumber,
} from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.planning;

/** Page 1 answers only four keys while there is no planning yet (creation mode, spec 03 section 4). */
export type PlanningPageReply<N extends PlanningPageNumber> = N extends 1
  ? PlanningPage<1> | PlanningCreation
  : PlanningPage<N>;

export const isCreationMode = (reply: PlanningPageReply<1>): reply is PlanningCreation => !('id' in reply);

export function planningPageQueryOptions<N extends PlanningPageNumber>(materiaPeriodoId: number, n: N) {
  const page: (typeof e.page)[PlanningPageNumber] = e.page[n];
  return queryOptions({
    queryKey: keys.page(materiaPeriodoId, n),
    // Page n's endpoint replies page n's schema: the union of the nine replies narrowed to the one asked for.
    queryFn: () => call(page, { params: { id: materiaPeriodoId } }) as Promise<PlanningPageReply<N>>,
  });
}

export function usePlanningPage<N extends PlanningPageNumber>(materiaPeriodoId: number, n: N) {
  return useQuery(planningPageQueryOptions(materiaPeriodoId, n));
}

export function usePlanningFormData() {
  return useQuery({
    queryKey: keys.formData,
    queryFn: () => call(e.formData),
    staleTime: Infinity,
  });
}

export function useOldPlannings(materiaMallaId: number | null) {
  return useQuery({
    queryKey: keys.old(materiaMallaId),
    queryFn: () => call(e.oldPlannings, { params: { materiaMallaId: materiaMallaId ?? 0 } }),
    enabled: materiaMallaId !== null,
  });
}

export function downloadPlanning(materiaPeriodoId: number): Promise<Blob> {
  return call(e.download, { params: { id: materiaPeriodoId } });
}
