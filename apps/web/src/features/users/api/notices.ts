import { noticesEndpoints as e, type AvisosPreferencia } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** 'Recibir avisos por correo' (issue 30): the own setting. */
export function useNoticesPreference() {
  return useQuery({ queryKey: queryKeys.notices, queryFn: () => call(e.get) });
}

export function useSaveNoticesPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvisosPreferencia) => call(e.save, { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notices, saved),
  });
}
