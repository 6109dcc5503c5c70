import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { clearSession } from './session';
import { logout } from './session-status';

/**
 * 'Salir' (the shell's profile menu, the new-password screen): ends the session on the server, resets the
 * stored state, forgets every cached answer (when the screen has a query cache) and goes to '/'. A session
 * from an institutional sign-in goes through the provider's logout page instead, which ends the session
 * there too and comes back to '/' (otherwise the next 'Ingresar con cuenta institucional' on this computer
 * would enter without asking anybody).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useContext(QueryClientContext);
  return useCallback(async () => {
    // The local session ends even when the server cannot be reached.
    const reply = await logout().catch(() => undefined);
    clearSession();
    queryClient?.clear();
    if (reply?.endSessionUrl) {
      window.location.assign(reply.endSessionUrl);
      return;
    }
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
