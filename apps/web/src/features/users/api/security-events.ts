import { securityEventEndpoints as e, type SecurityEventKind } from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export const SECURITY_EVENTS_PAGE_SIZE = 20;

/** `POST /api/users/{id}/security_events`: one page of a user's identity events, newest first (issue 41). */
export function useUserSecurityEvents(userId: number, page: number, tipo: SecurityEventKind | null) {
  const body = { page, pageSize: SECURITY_EVENTS_PAGE_SIZE, filters: tipo ? { tipo } : {} };
  return useQuery({
    queryKey: queryKeys.securityEvents.page(userId, body),
    queryFn: () => call(e.ofUser, { params: { id: userId }, body }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
