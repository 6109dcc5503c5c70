import { mfaEndpoints as e, type MfaCodeBody, type MfaDisable } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { saveSession, useSession } from '../../../lib/session';
import { getLoginStatus } from '../../../lib/session-status';

/** `GET /api/users/mfa`: whether the factor can be used here, is on, and how many recovery codes remain. */
export function useMfaStatus() {
  // Not asked again once 'Salir' cleared the session (it would only answer 'Su sesión ha expirado').
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: queryKeys.security.mfa,
    queryFn: () => call(e.status),
    staleTime: 0,
    enabled: signedIn,
  });
}

/** `POST /api/users/mfa/setup`: a new secret, not active until confirmed. */
export function useMfaSetup() {
  return useMutation({ mutationFn: () => call(e.setup) });
}

/**
 * enable, disable and new recovery codes: each with a current code (disable with the password too); the status
 * is read again after, and the stored user too (turning the factor on or off opens or closes the forced set-up
 * gate).
 */
function useCodeAction<B, R>(send: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      saveSession((await getLoginStatus()).user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.security.mfa });
    },
  });
}

const enable = (body: MfaCodeBody) => call(e.enable, { body });
const disable = (body: MfaDisable) => call(e.disable, { body });
const newRecoveryCodes = (body: MfaCodeBody) => call(e.recoveryCodes, { body });

export const useMfaEnable = () => useCodeAction(enable);
export const useMfaDisable = () => useCodeAction(disable);
export const useNewRecoveryCodes = () => useCodeAction(newRecoveryCodes);
