import { verificationEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/verificar/{codigo}`: whichever document the code belongs to. */
export function useVerificacion(code: string) {
  return useQuery({
    queryKey: queryKeys.verification(code),
    queryFn: () => call(e.verify, { params: { codigo: code } }, { redirectOnUnauthorized: false }),
    retry: false,
  });
}
