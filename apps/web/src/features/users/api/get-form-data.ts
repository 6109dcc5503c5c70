import { userEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/users/form_data`: países, escalafón docente, materias (they change seldom). */
export function getUserFormData() {
  return call(e.formData);
}

export function userFormDataQueryOptions() {
  return queryOptions({ queryKey: queryKeys.users.formData, queryFn: getUserFormData, staleTime: 5 * 60_000 });
}

export function useUserFormData() {
  return useQuery(userFormDataQueryOptions());
}
