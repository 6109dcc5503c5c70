import { oidcEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** Under the user's own key: whatever refreshes the user refreshes this too. */
const key = (userId: number) => [...queryKeys.users.detail(userId), 'institutional-account'] as const;

/** `GET /api/users/{id}/institutional-account`: the provider's account the user is bound to, or null (issue 41). */
export function useCuentaInstitucional(userId: number) {
  return useQuery({ queryKey: key(userId), queryFn: () => call(e.cuentaInstitucional, { params: { id: userId } }) });
}

/** `DELETE /api/users/{id}/institutional-account`: the next institutional sign-in binds the e-mail's account. */
export function useRemoveCuentaInstitucional(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.removeCuentaInstitucional, { params: { id: userId } }),
    onSuccess: () => queryClient.setQueryData(key(userId), { cuenta: null }),
  });
}
