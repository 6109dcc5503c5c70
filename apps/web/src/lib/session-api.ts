import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { clearSession } from './session';
import { logout } from './session-status';

/**
 * 'Salir' (the shell's profile menu, the new-password screen): ends the session on the server, resets the
 * stored state, forgets every cached answer (when the screen has a query cache) and goes to '/'.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useContext(QueryClientContext);
  return useCallback(async () => {
    // The local session ends even when the server cannot be reached.
    await logout().catch(() => undefined);
    clearSession();
    queryClient?.clear();
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
