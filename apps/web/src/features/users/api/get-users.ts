import { userEndpoints as e, type Role } from '@arandu/shared';
import { queryOptions } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface UserFilters {
  search: string;
  roles: Role[];
}

/** `POST /api/users/all`: one page of 'Usuarios del Sistema'. */
export function getUsers(request: ListRequest<UserFilters>) {
  return call(e.list, { body: listBody(request) });
}

export function usersQueryOptions(request: ListRequest<UserFilters>) {
  return queryOptions({ queryKey: queryKeys.users.list(request), queryFn: () => getUsers(request) });
}
