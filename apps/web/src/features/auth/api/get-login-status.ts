import { api } from '../../../lib/api-client';
import type { SessionUserReply } from '../../../lib/session';

export interface LoginStatus {
  isAuthenticated: boolean;
  user: SessionUserReply;
}

/** `GET /api/users/get_login_status`: the session check run on every navigation (app/use-session-check.ts). */
export function getLoginStatus(signal?: AbortSignal): Promise<LoginStatus> {
  return api.get<LoginStatus>('/users/get_login_status', { signal, redirectOnUnauthorized: false });
}
