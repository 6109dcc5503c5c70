import type { LogoutReply, SessionUser } from '@arandu/shared';
import { api } from './api-client';

/*
 * The plain calls that check or end the stored session. The root route checks the session on every navigation,
 * so these stay free of React Query (the login route downloads none of it; issue 16); 'Salir' is in
 * session-api.ts.
 */

export interface LoginStatus {
  isAuthenticated: boolean;
  user: SessionUser;
}

/** `GET /api/users/get_login_status`: the session check run on every navigation (app/use-session-check.ts). */
export function getLoginStatus(signal?: AbortSignal): Promise<LoginStatus> {
  return api.get<LoginStatus>('/users/get_login_status', { signal, redirectOnUnauthorized: false });
}

/**
 * `POST /api/users/logout`: 204, or the institutional provider's logout address when the session came from
 * it (RP-initiated logout).
 */
export function logout(): Promise<LogoutReply | undefined> {
  return api.post<LogoutReply | undefined>('/users/logout', undefined, { redirectOnUnauthorized: false });
}
