import type { AvisosPreferencia } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const noticesKey = ['users', 'profile', 'avisos'] as const;

/** 'Recibir avisos por correo' (issue 30): the own setting. */
export function useNoticesPreference() {
  return useQuery({ queryKey: noticesKey, queryFn: () => api.get<AvisosPreferencia>('/users/profile/avisos') });
}

export function useSaveNoticesPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvisosPreferencia) => api.put<AvisosPreferencia>('/users/profile/avisos', body),
    onSuccess: (saved) => queryClient.setQueryData(noticesKey, saved),
  });
}
