import type { CarreraSaveInput } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { carrerasKey } from './get-carreras';

export function saveCarrera(body: CarreraSaveInput): Promise<{ id: number }> {
  return api.post('/carreras', body);
}

export function deleteCarrera(id: number): Promise<void> {
  return api.delete(`/carreras/${id}`);
}

export function useSaveCarrera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCarrera,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrerasKey }),
  });
}

export function useDeleteCarrera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrera,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrerasKey }),
  });
}
