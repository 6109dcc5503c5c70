import type { PublicSettings } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useSession } from './session';

const DEFAULT_APP_NAME = 'Arandu';
/** The environment name for which no badge is shown (spec 01 section 9). */
export const PRODUCTION_ENV = 'Prod';

/** `GET /api/public/settings`: needs no session (the login page and the bottom bar show it). */
const publicSettingsQueryOptions = queryOptions({
  queryKey: ['public-settings'],
  queryFn: ({ signal }) => api.get<PublicSettings>('/public/settings', { signal, redirectOnUnauthorized: false }),
  staleTime: Infinity,
});

/** The public settings, falling back on what the stored user carries while they load (or if they fail). */
export function usePublicSettings(): PublicSettings {
  const user = useSession();
  const { data } = useQuery(publicSettingsQueryOptions);
  return {
    appName: data?.appName || user?.publicSettings.appName || DEFAULT_APP_NAME,
    appVersion: data?.appVersion || user?.publicSettings.appVersion || '',
    appEnv: data?.appEnv ?? PRODUCTION_ENV,
    buildNumber: data?.buildNumber ?? '',
  };
}
