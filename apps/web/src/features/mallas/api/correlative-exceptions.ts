import { mallaEndpoints as e, type ExcepcionCorrelativaSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** The exceptions granted for one malla subject (issue 29). */
export function useCorrelativaExceptions(mallaId: number, materiaMallaId: number | null) {
  return useQuery({
    queryKey: queryKeys.mallas.exceptions(mallaId, materiaMallaId ?? 0),
    queryFn: () => call(e.listExceptions, { params: { id: mallaId, materiaMallaId: materiaMallaId ?? 0 } }),
    enabled: materiaMallaId !== null,
  });
}

export function useGrantCorrelativaException(mallaId: number, materiaMallaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExcepcionCorrelativaSave) =>
      call(e.grantException, { params: { id: mallaId, materiaMallaId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mallas.exceptions(mallaId, materiaMallaId) }),
  });
}
