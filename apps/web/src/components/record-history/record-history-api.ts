import { auditEndpoints, type AuditHistoryRequest } from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

export type RecordSet = AuditHistoryRequest['registros'][number];

export const HISTORY_PAGE_SIZE = 20;

/** `POST /api/users/auditlog_history`: one page of a record's 'Historial' (issue 34 item 23). */
export function useRecordHistory(registros: RecordSet[], page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.audit.history(registros, page),
    queryFn: () => call(auditEndpoints.history, { body: { page, pageSize: HISTORY_PAGE_SIZE, registros } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
