import { listaEsperaEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/studentsubjects/lista-espera`: the student's waiting lists, each with its position and offer. */
export function useMyListaEspera() {
  return useQuery({
    queryKey: queryKeys.enrolments.waitlist,
    queryFn: () => call(e.mine),
  });
}

function useListaEsperaMutation<R>(mutationFn: (materiaPeriodoId: number) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // An accepted seat is an enrolment: the lists of enrolments and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.enrolments.all }),
  });
}

/** `POST .../lista-espera/{id}/aceptar`: takes the offered seat. */
export const useAcceptOffer = () =>
  useListaEsperaMutation((materiaPeriodoId) => call(e.accept, { params: { materiaPeriodoId } }));

/** `DELETE .../lista-espera/{id}`: leaves the list (declining an open offer). */
export const useLeaveListaEspera = () =>
  useListaEsperaMutation((materiaPeriodoId) => call(e.leave, { params: { materiaPeriodoId } }));
