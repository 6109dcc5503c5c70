import type { UserFormData } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKey } from './get-users';

/** `GET /api/users/form_data`: países, escalafón docente, materias (they change seldom). */
export function getUserFormData(): Promise<UserFormData> {
  return api.get('/users/form_data');
}

export function userFormDataQueryOptions() {
  return queryOptions({ queryKey: [...usersKey, 'form-data'], queryFn: getUserFormData, staleTime: 5 * 60_000 });
}

export function useUserFormData() {
  return useQuery(userFormDataQueryOptions());
}
