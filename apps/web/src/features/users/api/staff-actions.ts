/** Staff's actions on a user's record beside the form: the rectification grant and the second factor's reset. */
import { mfaEndpoints, userEndpoints, type MfaReset } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/users/{id}/rectificar-actas`: the root administrator grants or takes back 'actas:rectificar'. */
export function useRectifyGrant(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (puedeRectificar: boolean) =>
      call(userEndpoints.rectifyGrant, { params: { id: userId }, body: { puedeRectificar } }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.users.detail(saved.id), saved),
  });
}

/**
 * `POST /api/users/{id}/mfa/reset`: staff reset a user's second factor, with the reason and their own password
 * and current code (issue 41); the user's sessions and security events change with it.
 */
export function useResetMfa(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaReset) => call(mfaEndpoints.reset, { params: { id: userId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.securityEvents.of(userId) });
    },
  });
}
