import type { authEndpoints, CallReply } from '@arandu/shared';
import { callRoute } from './call';

/*
 * The plain calls that check or end the stored session. The root route checks the session on every navigation,
 * so these stay free of React Query (the login route downloads none of it; issue 16) and of zod (through
 * `callRoute`, the endpoints imported as types only); 'Salir' is in session-api.ts.
 */

type E = typeof authEndpoints;

/** `GET /api/users/get_login_status`: the session check run on every navigation (app/use-session-check.ts). */
export function getLoginStatus(signal?: AbortSignal) {
  return callRoute<E['loginStatus']>({ method: 'GET', path: '/users/get_login_status' }, undefined, {
    signal,
    redirectOnUnauthorized: false,
  });
}

/**
 * `POST /api/users/logout`: 204 (undefined), or the institutional provider's logout address when the session
 * came from it (RP-initiated logout).
 */
export function logout(): Promise<CallReply<E['logout']> | undefined> {
  return callRoute<E['logout']>({ method: 'POST', path: '/users/logout' }, undefined, {
    redirectOnUnauthorized: false,
  });
}
