import type { Alerta } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teachingKey } from './keys';

/** The subject-period's early warnings (issue 30), newest first. */
export function useAlertas(id: number) {
  return useQuery({
    queryKey: [...teachingKey(id), 'alertas'],
    queryFn: () => api.get<Alerta[]>(`/MateriasPeriodo/${id}/alertas`),
  });
}
