import type { PeriodoSaveInput, PeriodoSaveSubjects } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { periodosKey } from './get-periodos';

export function savePeriodo(body: PeriodoSaveInput): Promise<{ id: number }> {
  return api.post('/periodos', body);
}

export function deletePeriodo(id: number): Promise<void> {
  return api.delete(`/periodos/${id}`);
}

export function savePeriodoSubjects(body: PeriodoSaveSubjects): Promise<void> {
  return api.post('/periodos/save_subjects', body);
}

/** 'Quitar' in the period's table: the id is the subject-period's. */
export function removePeriodoMateria(id: number): Promise<void> {
  return api.delete(`/periodos/materias/${id}`);
}

function usePeriodosMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Subject-period lists elsewhere show what a period offers too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: periodosKey }),
        queryClient.invalidateQueries({ queryKey: ['materias-periodo'] }),
      ]),
  });
}

export const useSavePeriodo = () => usePeriodosMutation(savePeriodo);
export const useDeletePeriodo = () => usePeriodosMutation(deletePeriodo);
export const useSavePeriodoSubjects = () => usePeriodosMutation(savePeriodoSubjects);
export const useRemovePeriodoMateria = () => usePeriodosMutation(removePeriodoMateria);
