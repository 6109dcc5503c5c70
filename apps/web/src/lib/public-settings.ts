import type { authEndpoints, PublicSettings } from '@arandu/shared';
import { useSyncExternalStore } from 'react';
import { callRoute } from './call';
import { useSession } from './session';

const DEFAULT_APP_NAME = 'Arandu';
/** The environment name for which no badge is shown (spec 01 section 9). */
export const PRODUCTION_ENV = 'Prod';

/*
 * `GET /api/public/settings`: needs no session (the login page and the bottom bar show it). Asked once per page
 * load and kept, in a small store of its own rather than React Query, which the login route does not download
 * (issue 16), and through `callRoute`, which loads no zod. A failed call is asked again by the next screen that
 * wants the settings.
 */
let loaded: PublicSettings | undefined;
let inFlight: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load() {
  inFlight ??= callRoute<typeof authEndpoints.publicSettings>({ method: 'GET', path: '/public/settings' }, undefined, {
    redirectOnUnauthorized: false,
  })
    .then((settings) => {
      loaded = settings;
      listeners.forEach((notify) => notify());
    })
    .catch(() => {
      inFlight = undefined;
    });
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  if (!loaded) load();
  return () => listeners.delete(notify);
}

const snapshot = () => loaded;

/** Forgets the settings (tests: each starts from a fresh page load). */
export function resetPublicSettings() {
  loaded = undefined;
  inFlight = undefined;
}

/** The public settings, falling back on what the stored user carries while they load (or if they fail). */
export function usePublicSettings(): PublicSettings {
  const user = useSession();
  const data = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    appName: data?.appName || user?.publicSettings.appName || DEFAULT_APP_NAME,
    appVersion: data?.appVersion || user?.publicSettings.appVersion || '',
    appEnv: data?.appEnv ?? PRODUCTION_ENV,
    buildNumber: data?.buildNumber ?? '',
    institutionalLogin: data?.institutionalLogin === true,
    // The institution, for the login page: nothing until the settings arrive (a wrong name is worse than none).
    universidad: data?.universidad ?? '',
    facultad: data?.facultad ?? '',
    tieneLogo: data?.tieneLogo === true,
  };
}
