import { carreraEndpoints as e, type CarreraSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export function useSaveCarrera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarreraSaveInput) => call(e.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.careers.all }),
  });
}

export function useDeleteCarrera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.careers.all }),
  });
}
