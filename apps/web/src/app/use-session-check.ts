import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPublicPath, paths } from '../config/paths';
import { toast } from '../components/toast';
import { ApiError } from '../lib/api-client';
import { clearSession, getSession, saveSession } from '../lib/session';
import { getLoginStatus } from '../lib/session-status';

/**
 * Spec 01 section 2: opening any page but '/', '' and '/log_in' checks the session. A failed check (the server
 * does not accept the session) logs out (spec 01 section 4): an error toast, the logout reset and back to '/'.
 */
export function useSessionCheck(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (isPublicPath(pathname)) return;
    const controller = new AbortController();
    // Without a stored user there is no session to call expired: a first visit just goes to the login.
    const hadSession = getSession() !== null;

    void getLoginStatus(controller.signal)
      .then((status) => {
        if (controller.signal.aborted) return;
        if (!status.isAuthenticated || !getSession()) throw new ApiError(401, null);
        // Keep the stored user in step with the server (roles, names); the session stays in its cookie.
        const user = saveSession(status.user);
        if (user.firstLogin && pathname !== paths.firstLogIn) void navigate(paths.firstLogIn, { replace: true });
        else if (user.mfaSetupRequired && pathname !== paths.account.security) {
          void navigate(paths.account.security, { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Only the server's answer ends a session. A dropped connection, or a page left while the check was
        // in flight or its reply still arriving (the browser cancels its requests), says nothing about the
        // session: logging out then would throw students out of a working session on a flaky network, and
        // a reload right after a login would find the stored user gone.
        if (!(error instanceof ApiError) || error.status === 0) return;
        if (error.status !== 401 && error.status !== 403) {
          toast.error(error.message);
          return;
        }
        clearSession();
        if (hadSession) toast.sessionEnded(error.message);
        void navigate(paths.login, { replace: true });
      });

    return () => {
      controller.abort();
    };
  }, [pathname, navigate]);
}
