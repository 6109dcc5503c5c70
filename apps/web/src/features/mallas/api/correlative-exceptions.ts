import type { ExcepcionCorrelativaList, ExcepcionCorrelativaSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mallasKey } from './get-mallas';

const exceptionsKey = (mallaId: number, materiaMallaId: number) =>
  [...mallasKey, 'excepciones', mallaId, materiaMallaId] as const;

/** The exceptions granted for one malla subject (issue 29). */
export function useCorrelativeExceptions(mallaId: number, materiaMallaId: number | null) {
  return useQuery({
    queryKey: exceptionsKey(mallaId, materiaMallaId ?? 0),
    queryFn: (): Promise<ExcepcionCorrelativaList> =>
      api.get(`/mallas/${mallaId}/materias/${materiaMallaId}/excepciones`),
    enabled: materiaMallaId !== null,
  });
}

export function useGrantCorrelativeException(mallaId: number, materiaMallaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExcepcionCorrelativaSave): Promise<{ id: number }> =>
      api.post(`/mallas/${mallaId}/materias/${materiaMallaId}/excepciones`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exceptionsKey(mallaId, materiaMallaId) }),
  });
}
