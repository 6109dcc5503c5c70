import { horarioEndpoints as e } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/calendario/enlace`: one's private feed link (the server makes it on first use). */
export function useCalendarioEnlace(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.horario.enlace, queryFn: () => call(e.enlace), enabled, staleTime: Infinity });
}

/** `POST /api/calendario/enlace`: another link; the old one stops working at once. */
export function useRenovarEnlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.renovarEnlace),
    onSuccess: (enlace) => queryClient.setQueryData(queryKeys.horario.enlace, enlace),
  });
}
