import { alertsEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/alertas/mias`: the student's early warnings in subjects still in course (issue 30). */
export function useMisAlertas() {
  return useQuery({
    queryKey: queryKeys.enrolments.alerts,
    queryFn: () => call(e.mine),
  });
}
