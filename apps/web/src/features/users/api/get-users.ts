import type { PageReply, UserListItem } from '@arandu/shared';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface UserFilters {
  search: string;
  roles: number[];
}

export const usersKey = ['users'] as const;

/** `POST /api/users/all`: one page of 'Usuarios del Sistema'. */
export function getUsers(request: ListRequest<UserFilters>): Promise<PageReply<UserListItem>> {
  return api.post('/users/all', request);
}

export function usersQueryOptions(request: ListRequest<UserFilters>) {
  const queryKey: QueryKey = [...usersKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getUsers(request) });
}
