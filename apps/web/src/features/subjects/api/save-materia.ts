import { materiaEndpoints as e, type MateriaSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export function useSaveMateria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MateriaSaveInput) => call(e.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all }),
  });
}

export function useDeleteMateria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all }),
  });
}
