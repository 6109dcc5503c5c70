import { alertsEndpoints as e, type AlumnoAlertado, type CausaAlerta, type PageReply } from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface AlertasFilters {
  causa: CausaAlerta | null;
}

/**
 * `GET /api/operations/alertas` for the summary alone: whether a run holds the job and the last run with its
 * counts by cause. The students it flagged come page by page through `alertasPageOptions`.
 */
export function useEstadoAlertas() {
  return useQuery({
    queryKey: queryKeys.operations.alertas,
    queryFn: () => call(e.lastRun, { query: { page: 1, pageSize: 1 } }),
  });
}

/** One page of the students the last run flagged, for the DataList (the same call, its `alumnos` part). */
export function alertasPageOptions(request: ListRequest<AlertasFilters>) {
  const { page, pageSize, filters } = request;
  return queryOptions<PageReply<AlumnoAlertado>>({
    queryKey: queryKeys.operations.alertasPage(request),
    queryFn: async () =>
      (await call(e.lastRun, { query: { page, pageSize, causa: filters.causa ?? undefined } })).alumnos,
  });
}

/**
 * `POST /api/operations/alertas/run`, then the screen read again: the toast names what the run found by cause,
 * which only the run's record has.
 */
export function useRunAlertas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const run = await call(e.runNow);
      const estado = await call(e.lastRun, { query: { page: 1, pageSize: 1 } });
      return { run, estado };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operations.alertas }),
  });
}
