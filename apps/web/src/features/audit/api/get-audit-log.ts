import { auditEndpoints as e, userEndpoints } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface AuditFilters {
  /** 0: every type. */
  tipo: number;
  usuario: string;
  tabla: string | null;
  fechaDesde: string | null;
  fechaHasta: string | null;
}

/** `POST /api/users/all_auditlog`: one page of 'Auditoría de cambios'. */
export function getAuditLog(request: ListRequest<AuditFilters>) {
  return call(e.list, { body: listBody(request) });
}

export function auditLogQueryOptions(request: ListRequest<AuditFilters>) {
  return queryOptions({ queryKey: queryKeys.audit.list(request), queryFn: () => getAuditLog(request) });
}

/** The type and table options come from the user form data call (spec 03 section 7). */
export function getAuditOptions() {
  return call(userEndpoints.formData);
}

export function useAuditOptions() {
  // The same key as the users feature's form data: one cached copy for both.
  return useQuery({ queryKey: queryKeys.users.formData, queryFn: getAuditOptions, staleTime: 5 * 60_000 });
}
