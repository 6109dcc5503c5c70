import type { Verificacion } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/verificar/{codigo}`: whichever document the code belongs to. */
export function useVerificacion(code: string) {
  return useQuery({
    queryKey: ['verificar', code],
    queryFn: () => api.get<Verificacion>(`/verificar/${encodeURIComponent(code)}`, { redirectOnUnauthorized: false }),
    retry: false,
  });
}
