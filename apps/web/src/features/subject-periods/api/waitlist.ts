import { listaEsperaEndpoints as e, type ListaEsperaMover } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** Under the subject-periods' prefix, so a save of the section refreshes its list too. */
const listaEsperaKey = queryKeys.subjectPeriods.waitlist;

/** `GET /api/MateriasPeriodo/{id}/lista-espera`: the list in order. */
export function useListaEspera(id: number) {
  return useQuery({
    queryKey: listaEsperaKey(id),
    queryFn: () => call(e.staffList, { params: { id } }),
  });
}

/** `POST .../lista-espera/mover`: one entry to another position, with the reason. */
export function useMoveListaEsperaEntry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListaEsperaMover) => call(e.move, { params: { id }, body }),
    onSuccess: (list) => queryClient.setQueryData(listaEsperaKey(id), list),
  });
}

/** `POST .../seccion-paralela`: the new section, with the cap and the list copied. */
export function useOpenParallelSection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.openParallel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
  });
}
