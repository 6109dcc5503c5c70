import type { Membrete } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const membreteKey = ['membrete'] as const;

/** `GET /api/configuracion/membrete` (public): the letterhead of printed documents, as 'Configuración' left it. */
export function useMembrete() {
  return useQuery({
    queryKey: membreteKey,
    queryFn: () => api.get<Membrete>('/configuracion/membrete', { redirectOnUnauthorized: false }),
    staleTime: 60_000,
  });
}

/** The logo's address; `version` changes after an upload so the browser does not show the old one. */
export const logoUrl = (version: number | string = '') =>
  `/api/configuracion/logo${version === '' ? '' : `?v=${version}`}`;
