import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** `POST /api/users/logout` (204). */
export function logout(): Promise<void> {
  return api.post<void>('/users/logout', undefined, { redirectOnUnauthorized: false });
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
