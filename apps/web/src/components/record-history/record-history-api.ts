import type { AuditHistoryRequest, AuditItem, PageReply } from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type RecordSet = AuditHistoryRequest['registros'][number];

export const HISTORY_PAGE_SIZE = 20;

/** `POST /api/users/auditlog_history`: one page of a record's 'Historial' (issue 34 item 23). */
export function useRecordHistory(registros: RecordSet[], page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['audit', 'history', registros, page],
    queryFn: () =>
      api.post<PageReply<AuditItem>>('/users/auditlog_history', { page, pageSize: HISTORY_PAGE_SIZE, registros }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
