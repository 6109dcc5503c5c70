import { configurationEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './query-keys';

/** `GET /api/configuracion/membrete` (public): the letterhead of printed documents, as 'Configuración' left it. */
export function useMembrete() {
  return useQuery({
    queryKey: queryKeys.membrete,
    queryFn: () => call(e.membrete, undefined, { redirectOnUnauthorized: false }),
    staleTime: 60_000,
  });
}

/**
 * The logo's address, for an <img> (public, so it needs no bearer token); `version` changes after an upload so
 * the browser does not show the old one.
 */
export const logoUrl = (version: number | string = '') => `/api${e.logo.path}${version === '' ? '' : `?v=${version}`}`;
