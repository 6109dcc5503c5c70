import type { UserDetail } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKey } from './get-users';

/** `GET /api/users/{id}`. */
export function getUser(id: number): Promise<UserDetail> {
  return api.get(`/users/${id}`);
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: [...usersKey, 'detail', id], queryFn: () => getUser(id), staleTime: 0 });
}

/** A user to edit; none (null) for a new one. */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}

/** `GET /api/users/profile`: the own ficha. */
export function getProfile(): Promise<UserDetail> {
  return api.get('/users/profile');
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: [...usersKey, 'profile'], queryFn: getProfile, staleTime: 0 });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
