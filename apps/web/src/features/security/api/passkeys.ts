import { webauthnEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { saveSession, useSession } from '../../../lib/session';
import { getLoginStatus } from '../../../lib/session-status';
import { createPasskey, signWithPasskey } from '../../../lib/webauthn';

/** `GET /api/users/mfa/webauthn`: the user's security keys and passkeys. */
export function usePasskeys() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: queryKeys.security.passkeys,
    queryFn: async () => (await call(e.list)).items,
    enabled: signedIn,
  });
}

/**
 * After a key is added or removed: the list is read again, and the stored user too (a first key opens the
 * forced set-up gate of staff, as TOTP does).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    saveSession((await getLoginStatus()).user);
    await queryClient.invalidateQueries({ queryKey: queryKeys.security.passkeys });
  };
}

/** Adds a key: the server's options, the browser asks for the key (touch, PIN or fingerprint), the answer kept. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await call(e.registerOptions);
      const response = await createPasskey(options);
      return call(e.registerVerify, { body: { name, response } });
    },
    onSuccess: refresh,
  });
}

/** What confirms a removal besides the password: a current code, or one of the keys ('key'). */
export type RemovalProof = { code: string } | 'key';

/** Removes a key after re-authentication (the password, and a code or a key's signature). */
export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, password, proof }: { id: number; password: string; proof: RemovalProof }) => {
      const second = proof === 'key' ? { response: await signWithPasskey(await call(e.confirmOptions)) } : proof;
      await call(e.remove, { params: { id }, body: { password, ...second } });
    },
    onSuccess: refresh,
  });
}
