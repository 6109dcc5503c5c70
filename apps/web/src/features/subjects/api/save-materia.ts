import type { MateriaSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { materiasKey } from './get-materias';

export function saveMateria(body: MateriaSaveInput): Promise<{ id: number }> {
  return api.post('/materias', body);
}

export function deleteMateria(id: number): Promise<void> {
  return api.delete(`/materias/${id}`);
}

export function useSaveMateria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMateria,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materiasKey }),
  });
}

export function useDeleteMateria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMateria,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materiasKey }),
  });
}
