import { planningEndpoints as e, type PlanningPageNumber, type PlanningSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface PlanningSaveArgs<N extends PlanningPageNumber = PlanningPageNumber> {
  page: N;
  body: PlanningSaveInput<N>;
}

/** `POST /api/planning/page{n}`: page 1 also creates (or copies, with `oldMateriaPeriodoId`) the planning. */
export function savePlanningPage({ page, body }: PlanningSaveArgs): Promise<{ id: number }> {
  return call(e.savePage[page], { body });
}

export function useSavePlanningPage(materiaPeriodoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlanningPage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planning.materiaPeriodo(materiaPeriodoId) }),
  });
}
