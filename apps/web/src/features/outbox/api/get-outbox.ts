import type { OutboxItem, OutboxState, PageReply } from '@arandu/shared';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface OutboxFilters {
  /** Recipient or subject. */
  search: string;
  estado: OutboxState | null;
}

/** `GET /api/outbox`: one page of 'Correos' (administrators), newest first; the filters go in the query string. */
export function getOutbox(request: ListRequest<OutboxFilters>): Promise<PageReply<OutboxItem>> {
  const query = new URLSearchParams({ page: String(request.page), pageSize: String(request.pageSize) });
  if (request.filters.search) query.set('search', request.filters.search);
  if (request.filters.estado) query.set('estado', request.filters.estado);
  return api.get(`/outbox?${query.toString()}`);
}

export function outboxQueryOptions(request: ListRequest<OutboxFilters>) {
  const queryKey: QueryKey = ['outbox', 'list', request];
  return queryOptions({ queryKey, queryFn: () => getOutbox(request) });
}
