import { MSG_CORE, MSG_IDENTITY, MSG_OIDC, type oidcEndpoints } from '@arandu/shared';
import { Alert, Button, Divider } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { landingAfterLogin, saveSession, setViewAs } from '../../../lib/session';
import { loginWithTicket } from '../api/login';

/**
 * Where the button takes the browser: a navigation to the provider's pages, not a call, so its path is written
 * out, typed against the endpoint's (imported as a type only: the login page loads no zod, issue 16).
 */
const START_PATH: (typeof oidcEndpoints.start)['path'] = '/auth/oidc/start';

const fragmentParam = (name: string) => new URLSearchParams(window.location.hash.slice(1)).get(name);

const FAILURES: Record<string, string> = {
  failed: MSG_IDENTITY.oidcFailed,
  unverified: MSG_IDENTITY.oidcEmailNotVerified,
  notfound: MSG_IDENTITY.oidcUserNotFound,
  incomplete: MSG_IDENTITY.oidcClaimsIncomplete,
  document: MSG_IDENTITY.oidcDocumentTaken,
  browser: MSG_OIDC.otherBrowser,
  otheraccount: MSG_OIDC.otherAccount,
};

/**
 * 'Ingresar con cuenta institucional' (OpenID Connect, issue 32). The provider's way back ends on this page
 * with a single-use ticket, or the reason it failed, in the address's fragment: the ticket becomes a session,
 * or the second factor's step when the user has one and the provider did not ask for it.
 */
export function InstitutionalLogin({ onMfaRequired }: { onMfaRequired: (mfaToken: string) => void }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(() => {
    const failure = fragmentParam('oidc_error');
    return failure === null ? null : (FAILURES[failure] ?? MSG_IDENTITY.oidcFailed);
  });

  useEffect(() => {
    const ticket = fragmentParam('oidc');
    if (ticket === null && fragmentParam('oidc_error') === null) return;
    // The ticket is single use; it should not stay in the address bar or the history either.
    window.history.replaceState(null, '', window.location.pathname);
    if (ticket === null) return;
    void loginWithTicket(ticket).then(
      async (reply) => {
        if ('mfaRequired' in reply) return onMfaRequired(reply.mfaToken);
        const user = saveSession(reply);
        const landing = landingAfterLogin(user);
        setViewAs(landing.view);
        await navigate(landing.path, { replace: true });
      },
      (error: unknown) => setProblem(error instanceof ApiError ? error.message : MSG_CORE.errorGeneric),
    );
  }, [navigate, onMfaRequired]);

  return (
    <>
      <Divider label="o" labelPosition="center" />
      {problem && (
        <Alert color="yellow" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Button
        component="a"
        href={`/api${START_PATH}`}
        variant="default"
        fullWidth
        leftSection={<IconBuildingBank size={16} />}
      >
        Ingresar con cuenta institucional
      </Button>
    </>
  );
}
