import { alertsEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** The subject-period's early warnings (issue 30), newest first. */
export function useAlertas(id: number) {
  return useQuery({
    queryKey: queryKeys.teaching.alertas(id),
    queryFn: () => call(e.ofMateriaPeriodo, { params: { id } }),
  });
}
