import type { PlanningPageNumber, PlanningSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planningKey } from './get-planning';

export interface PlanningSaveArgs<N extends PlanningPageNumber = PlanningPageNumber> {
  page: N;
  body: PlanningSaveInput<N>;
}

/** `POST /api/planning/page{n}`: page 1 also creates (or copies, with `oldMateriaPeriodoId`) the planning. */
export function savePlanningPage({ page, body }: PlanningSaveArgs): Promise<{ id: number }> {
  return api.post(`/planning/page${page}`, body);
}

export function useSavePlanningPage(materiaPeriodoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlanningPage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey(materiaPeriodoId) }),
  });
}
