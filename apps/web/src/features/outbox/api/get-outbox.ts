import { outboxEndpoints as e, type OutboxState } from '@arandu/shared';
import { queryOptions } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface OutboxFilters {
  /** Recipient or subject. */
  search: string;
  estado: OutboxState | null;
}

/** `GET /api/outbox`: one page of 'Correos' (administrators), newest first; the filters go in the query string. */
export function getOutbox(request: ListRequest<OutboxFilters>) {
  const { page, pageSize, filters } = request;
  // An empty search or no state is no filter: left out of the query string.
  return call(e.list, {
    query: { page, pageSize, search: filters.search || undefined, estado: filters.estado ?? undefined },
  });
}

export function outboxQueryOptions(request: ListRequest<OutboxFilters>) {
  return queryOptions({ queryKey: queryKeys.outbox.list(request), queryFn: () => getOutbox(request) });
}
