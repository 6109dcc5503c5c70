import type {
  AlumnoMateria,
  MateriaPeriodoSaveInput,
  MoveInscription,
  NotasSaveInput,
  PageReply,
} from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alumnosQueryKey, materiasPeriodoKey } from './get-materias-periodo';

export function saveMateriaPeriodo(body: MateriaPeriodoSaveInput): Promise<{ id: number }> {
  return api.post('/MateriasPeriodo', body);
}

export function deleteMateriaPeriodo(id: number): Promise<void> {
  return api.delete(`/MateriasPeriodo/${id}`);
}

export function moveInscriptions(body: MoveInscription): Promise<{ moved: number }> {
  return api.post('/MateriasPeriodo/move-inscription', body);
}

export function saveNotas(body: NotasSaveInput): Promise<AlumnoMateria> {
  return api.post('/studentsubjects/actualizar_notas', body);
}

function useStructureMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The period screens list subject-periods too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: materiasPeriodoKey }),
        queryClient.invalidateQueries({ queryKey: ['periodos'] }),
      ]),
  });
}

export const useSaveMateriaPeriodo = () => useStructureMutation(saveMateriaPeriodo);
export const useDeleteMateriaPeriodo = () => useStructureMutation(deleteMateriaPeriodo);
export const useMoveInscriptions = () => useStructureMutation(moveInscriptions);

/** Writes a saved student row into the cached list, so the table shows what the server holds. */
export function useStoreAlumno(id: number) {
  const queryClient = useQueryClient();
  return (row: AlumnoMateria) =>
    queryClient.setQueryData<PageReply<AlumnoMateria>>(alumnosQueryKey(id), (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === row.id ? row : item)) } : page,
    );
}
