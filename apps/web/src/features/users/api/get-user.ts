import { userEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/users/{id}`. */
export function getUser(id: number) {
  return call(e.get, { params: { id } });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id), staleTime: 0 });
}

/** A user to edit; none (null) for a new one. */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}

/** `GET /api/users/profile`: the own ficha. */
export function getProfile() {
  return call(e.profile);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.users.profile, queryFn: getProfile, staleTime: 0 });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
