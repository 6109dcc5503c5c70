import { periodoEndpoints as e, type PeriodoSaveInput, type PeriodoSaveMaterias } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

function usePeriodosMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Subject-period lists elsewhere show what a period offers too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.periods.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
      ]),
  });
}

export const useSavePeriodo = () => usePeriodosMutation((body: PeriodoSaveInput) => call(e.save, { body }));
export const useDeletePeriodo = () => usePeriodosMutation((id: number) => call(e.remove, { params: { id } }));
export const useSavePeriodoMaterias = () =>
  usePeriodosMutation((body: PeriodoSaveMaterias) => call(e.saveSubjects, { body }));
/** 'Quitar' in the period's table: the id is the subject-period's. */
export const useRemovePeriodoMateria = () =>
  usePeriodosMutation((id: number) => call(e.removeMateria, { params: { id } }));
