import type { Login, LoginOutcome, LoginReply, MfaLogin } from '@arandu/shared';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** `POST /api/users/login`: a 400 or 401 is a wrong e-mail or password, not an expired session. */
export function login(body: Login): Promise<LoginOutcome> {
  return api.post<LoginOutcome>('/users/login', body, { redirectOnUnauthorized: false });
}

/** `POST /api/users/login/mfa`: the second factor's code (or a recovery code) for a login's mfaToken. */
export function loginWithCode(body: MfaLogin): Promise<LoginReply> {
  return api.post<LoginReply>('/users/login/mfa', body, { redirectOnUnauthorized: false });
}

/** `POST /api/users/login/oidc`: the institutional sign-in's ticket, for a session or the code step. */
export function loginWithTicket(ticket: string): Promise<LoginOutcome> {
  return api.post<LoginOutcome>('/users/login/oidc', { ticket }, { redirectOnUnauthorized: false });
}

export function useLoginWithCode() {
  return useAction(loginWithCode);
}

export function useLogin() {
  return useAction(login);
}
