import type { SessionInfo } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { useSession } from './session';

/** Whose sessions: the caller's own ('Mis sesiones') or a user's, as staff see them from the user's record. */
const base = (userId: number | null) => (userId === null ? '/users/sessions' : `/users/${userId}/sessions`);
const sessionsKey = (userId: number | null) => ['sessions', userId ?? 'own'] as const;

export function useSessions(userId: number | null = null) {
  // Not asked again once 'Salir' cleared the session (it would only answer 'Su sesión ha expirado').
  const signedIn = useSession() !== null;
  return useQuery({
    enabled: signedIn,
    queryKey: sessionsKey(userId),
    queryFn: async () => (await api.get<{ items: SessionInfo[] }>(base(userId))).items,
    staleTime: 0,
  });
}

/** Ends one session (`id`), or every other one (null). */
export function useEndSessions(userId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) => api.delete<unknown>(id === null ? base(userId) : `${base(userId)}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(userId) }),
  });
}
