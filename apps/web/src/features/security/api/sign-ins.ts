import { securityEventEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** `GET /api/users/sessions/sign_ins`: the caller's latest sign-ins, newest first (issue 41). */
export function useMySignIns() {
  // Not asked again once 'Salir' cleared the session (it would only answer 'Su sesión ha expirado').
  const signedIn = useSession() !== null;
  return useQuery({
    enabled: signedIn,
    queryKey: queryKeys.securityEvents.of(null),
    queryFn: async () => (await call(e.mySignIns)).items,
    staleTime: 0,
  });
}
