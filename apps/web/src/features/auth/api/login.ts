import type {
  authEndpoints,
  Login,
  MfaLogin,
  mfaEndpoints,
  oidcEndpoints,
  PasskeyLogin,
  webauthnEndpoints,
} from '@arandu/shared';
import { callRoute } from '../../../lib/call';
import { useAction } from '../../../lib/use-action';

/*
 * The login page's calls, through `callRoute`: the endpoints are imported as types only, so the page does not
 * download zod before its first submit (issue 16).
 */
const NO_REDIRECT = { redirectOnUnauthorized: false } as const;

/** `POST /api/users/login`: a 400 or 401 is a wrong e-mail or password, not an expired session. */
export function login(body: Login) {
  return callRoute<typeof authEndpoints.login>({ method: 'POST', path: '/users/login' }, { body }, NO_REDIRECT);
}

/** `POST /api/users/login/mfa`: the second factor's code (or a recovery code) for a login's mfaToken. */
export function loginWithCode(body: MfaLogin) {
  return callRoute<typeof mfaEndpoints.login>({ method: 'POST', path: '/users/login/mfa' }, { body }, NO_REDIRECT);
}

/** `POST /api/users/login/oidc`: the institutional sign-in's ticket, for a session or the code step. */
export function loginWithTicket(ticket: string) {
  return callRoute<typeof oidcEndpoints.login>(
    { method: 'POST', path: '/users/login/oidc' },
    { body: { ticket } },
    NO_REDIRECT,
  );
}

type W = typeof webauthnEndpoints;

/** `POST /api/users/login/mfa/methods`: whether the second step can take a code, a key, or both. */
export function loginMethods(mfaToken: string) {
  return callRoute<W['loginMethods']>(
    { method: 'POST', path: '/users/login/mfa/methods' },
    { body: { mfaToken } },
    NO_REDIRECT,
  );
}

/** `POST /api/users/mfa/webauthn/login/options`: a challenge for one of the login's user's keys. */
export function passkeyLoginOptions(mfaToken: string) {
  return callRoute<W['loginOptions']>(
    { method: 'POST', path: '/users/mfa/webauthn/login/options' },
    { body: { mfaToken } },
    NO_REDIRECT,
  );
}

/** `POST /api/users/mfa/webauthn/login/verify`: the key's signature completes the login. */
export function loginWithPasskey(body: PasskeyLogin) {
  return callRoute<W['loginVerify']>(
    { method: 'POST', path: '/users/mfa/webauthn/login/verify' },
    { body },
    NO_REDIRECT,
  );
}

export function useLoginWithCode() {
  return useAction(loginWithCode);
}

export function useLogin() {
  return useAction(login);
}
