import { sessionEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** Whose sessions: the caller's own ('Mis sesiones', null) or a user's, as staff see them from the user's record. */
function listSessions(userId: number | null) {
  return userId === null ? call(e.mine) : call(e.ofUser, { params: { id: userId } });
}

/** The DELETE that ends one session (`id`) or every other one (null), of the caller or of a user. */
function endSessions(userId: number | null, id: number | null): Promise<unknown> {
  if (userId === null) return id === null ? call(e.endMyOthers) : call(e.endMine, { params: { sessionId: id } });
  return id === null
    ? call(e.endAllOfUser, { params: { id: userId } })
    : call(e.endOneOfUser, { params: { id: userId, sessionId: id } });
}

export function useSessions(userId: number | null = null) {
  // Not asked again once 'Salir' cleared the session (it would only answer 'Su sesión ha expirado').
  const signedIn = useSession() !== null;
  return useQuery({
    enabled: signedIn,
    queryKey: queryKeys.sessions(userId),
    queryFn: async () => (await listSessions(userId)).items,
    staleTime: 0,
  });
}

/** Ends one session (`id`), or every other one (null). */
export function useEndSessions(userId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) => endSessions(userId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) }),
  });
}
