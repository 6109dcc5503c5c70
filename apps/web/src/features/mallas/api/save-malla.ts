import type { MallaMateriaSaveInput, MallaSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mallasKey } from './get-mallas';

export function saveMalla(body: MallaSaveInput): Promise<{ id: number }> {
  return api.post('/mallas', body);
}

export function deleteMalla(id: number): Promise<void> {
  return api.delete(`/mallas/${id}`);
}

export function saveMallaMateria({
  mallaId,
  ...body
}: MallaMateriaSaveInput & { mallaId: number }): Promise<{ id: number }> {
  return api.post(`/mallas/${mallaId}/materias`, body);
}

/** Removes a subject from its malla (the id is the malla subject's). */
export function deleteMallaMateria(id: number): Promise<void> {
  return api.delete(`/mallas/materias/${id}`);
}

function useMallasMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: mallasKey }) });
}

export const useSaveMalla = () => useMallasMutation(saveMalla);
export const useDeleteMalla = () => useMallasMutation(deleteMalla);
export const useSaveMallaMateria = () => useMallasMutation(saveMallaMateria);
export const useDeleteMallaMateria = () => useMallasMutation(deleteMallaMateria);
