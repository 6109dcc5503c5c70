import { mallaEndpoints as e, type MallaMateriaSaveInput, type MallaSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

function useMallasMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mallas.all }),
  });
}

export const useSaveMalla = () => useMallasMutation((body: MallaSaveInput) => call(e.save, { body }));
export const useDeleteMalla = () => useMallasMutation((id: number) => call(e.remove, { params: { id } }));
export const useSaveMallaMateria = () =>
  useMallasMutation(({ mallaId, ...body }: MallaMateriaSaveInput & { mallaId: number }) =>
    call(e.saveMateria, { params: { id: mallaId }, body }),
  );
/** Removes a subject from its malla (the id is the malla subject's). */
export const useDeleteMallaMateria = () => useMallasMutation((id: number) => call(e.removeMateria, { params: { id } }));
