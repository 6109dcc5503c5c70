import {
  materiaPeriodoEndpoints as e,
  type AlumnoMateria,
  type MateriaPeriodoSaveInput,
  type MoveInscripcion,
  type NotasSaveInput,
  type PageReply,
} from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/studentsubjects/actualizar_notas`. */
export function saveNotas(body: NotasSaveInput): Promise<AlumnoMateria> {
  return call(e.saveNotas, { body });
}

function useStructureMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The period screens list subject-periods too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.periods.all }),
      ]),
  });
}

export const useSaveMateriaPeriodo = () =>
  useStructureMutation((body: MateriaPeriodoSaveInput) => call(e.save, { body }));
export const useDeleteMateriaPeriodo = () => useStructureMutation((id: number) => call(e.remove, { params: { id } }));
export const useMoveInscripciones = () => useStructureMutation((body: MoveInscripcion) => call(e.move, { body }));

/** Writes a saved student row into the cached list, so the table shows what the server holds. */
export function useStoreAlumno(id: number) {
  const queryClient = useQueryClient();
  return (row: AlumnoMateria) =>
    queryClient.setQueryData<PageReply<AlumnoMateria>>(queryKeys.subjectPeriods.alumnos(id), (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === row.id ? row : item)) } : page,
    );
}
