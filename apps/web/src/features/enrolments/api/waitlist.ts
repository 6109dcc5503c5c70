import type { InscriptionLine, MiListaEsperaItem } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const waitlistKey = queryKeys.enrolments.waitlist;

/** `GET /api/studentsubjects/lista-espera`: the student's waiting lists, each with its position and offer. */
export function useMyWaitlist() {
  return useQuery({
    queryKey: waitlistKey,
    queryFn: () => api.get<MiListaEsperaItem[]>('/studentsubjects/lista-espera'),
  });
}

function useWaitlistMutation<R>(mutationFn: (materiaPeriodoId: number) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // An accepted seat is an enrolment: the lists of enrolments and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.enrolments.all }),
  });
}

/** `POST .../lista-espera/{id}/aceptar`: takes the offered seat. */
export const useAcceptOffer = () =>
  useWaitlistMutation((id) => api.post<InscriptionLine>(`/studentsubjects/lista-espera/${id}/aceptar`));

/** `DELETE .../lista-espera/{id}`: leaves the list (declining an open offer). */
export const useLeaveWaitlist = () =>
  useWaitlistMutation((id) => api.delete<void>(`/studentsubjects/lista-espera/${id}`));
