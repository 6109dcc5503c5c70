import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { api } from './api-client';
import type { SessionUser } from '@arandu/shared';
import { clearSession } from './session';

/*
 * The calls that keep or end the stored session, used by the shell (session check, 'Salir') and the
 * new-password screen. Logging in and setting a password are in features/auth/api.
 */

export interface LoginStatus {
  isAuthenticated: boolean;
  user: SessionUser;
}

/** `GET /api/users/get_login_status`: the session check run on every navigation (app/use-session-check.ts). */
export function getLoginStatus(signal?: AbortSignal): Promise<LoginStatus> {
  return api.get<LoginStatus>('/users/get_login_status', { signal, redirectOnUnauthorized: false });
}

/** `POST /api/users/logout` (204). */
export function logout(): Promise<undefined> {
  return api.post<undefined>('/users/logout', undefined, { redirectOnUnauthorized: false });
}

/** 'Salir': ends the session on the server, resets the stored state and goes to '/'. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The local session ends even when the server cannot be reached.
    await logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
