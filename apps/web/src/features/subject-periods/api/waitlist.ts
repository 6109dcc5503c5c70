import type { ListaEsperaMover, ListaEsperaStaff } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const waitlistKey = queryKeys.subjectPeriods.waitlist;

/** `GET /api/MateriasPeriodo/{id}/lista-espera`: the list in order. */
export function useWaitlist(id: number) {
  return useQuery({
    queryKey: waitlistKey(id),
    queryFn: () => api.get<ListaEsperaStaff>(`/MateriasPeriodo/${id}/lista-espera`),
  });
}

/** `POST .../lista-espera/mover`: one entry to another position, with the reason. */
export function useMoveWaitlistEntry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListaEsperaMover) =>
      api.post<ListaEsperaStaff>(`/MateriasPeriodo/${id}/lista-espera/mover`, body),
    onSuccess: (list) => queryClient.setQueryData(waitlistKey(id), list),
  });
}

/** `POST .../seccion-paralela`: the new section, with the cap and the list copied. */
export function useOpenParallelSection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ id: number; seccion: string }>(`/MateriasPeriodo/${id}/seccion-paralela`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
  });
}
