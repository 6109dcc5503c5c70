import type { MfaCodeBody, MfaSetupReply, MfaStatus, RecoveryCodesReply } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveSession, useSession } from '../../../lib/session';
import { getLoginStatus } from '../../../lib/session-status';

const mfaKey = ['mfa'] as const;

/** `GET /api/users/mfa`: whether the factor can be used here, is on, and how many recovery codes remain. */
export function useMfaStatus() {
  // Not asked again once 'Salir' cleared the session (it would only answer 'Su sesión ha expirado').
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: mfaKey,
    queryFn: () => api.get<MfaStatus>('/users/mfa'),
    staleTime: 0,
    enabled: signedIn,
  });
}

/** `POST /api/users/mfa/setup`: a new secret, not active until confirmed. */
export function useMfaSetup() {
  return useMutation({ mutationFn: () => api.post<MfaSetupReply>('/users/mfa/setup') });
}

/**
 * enable, disable and new recovery codes: each with a current code; the status is read again after, and the
 * stored user too (turning the factor on or off opens or closes the forced set-up gate).
 */
function useCodeAction<R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaCodeBody) => api.post<R>(path, body),
    onSuccess: async () => {
      saveSession((await getLoginStatus()).user);
      await queryClient.invalidateQueries({ queryKey: mfaKey });
    },
  });
}

export const useMfaEnable = () => useCodeAction<RecoveryCodesReply>('/users/mfa/enable');
export const useMfaDisable = () => useCodeAction<undefined>('/users/mfa/disable');
export const useNewRecoveryCodes = () => useCodeAction<RecoveryCodesReply>('/users/mfa/recovery_codes');
