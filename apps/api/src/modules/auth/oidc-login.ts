import { MSG_IDENTITY, type LoginOutcome } from '@arandu/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import * as repo from './auth.repository.js';
import type { SessionClient } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import * as mfaRepo from './mfa.repository.js';
import type { OidcClient } from './oidc.js';
import * as oidcRepo from './oidc.repository.js';
import { bindAtFirstSession, userOfAccount } from './oidc-binding.js';
import { sameSecret, type OidcBrowserState } from './oidc-state-cookie.js';
import { openSession } from './open-session.js';
import { createAlumnoFromClaims, type ProvisionFailure } from './oidc-provision.js';
import { hashToken, newSessionToken } from './tokens.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { unaudited } from '../../db/tx.js';

export interface OidcDeps extends AuthDeps {
  oidc: OidcClient | undefined;
  log: FastifyBaseLogger;
}

/**
 * Why an institutional sign-in did not end in a session: the login page shows the matching Spanish text.
 * 'browser': the callback came to a browser that did not start the sign-in (issue 41 item 1);
 * 'otheraccount': the e-mail's user is bound to another provider account (item 2).
 */
export type OidcFailure = 'failed' | 'unverified' | 'notfound' | 'browser' | 'otheraccount' | ProvisionFailure;

export const CALLBACK_PATH = '/api/auth/oidc/callback';

function requireOidc(deps: OidcDeps): OidcClient {
  if (!deps.oidc) throw AppError.notFound(MSG_IDENTITY.oidcNotConfigured);
  return deps.oidc;
}

/**
 * 'Ingresar con cuenta institucional': where to send the browser (the provider's login page), and the state,
 * nonce and verifier for the browser's cookie (oidc-state-cookie.ts). The server keeps them too, by the state's
 * hash, so a state works once, in time, and only as this server issued it.
 */
export async function startOidc(deps: OidcDeps, baseUrl: string): Promise<{ url: string; browser: OidcBrowserState }> {
  const started = await requireOidc(deps).start(baseUrl + CALLBACK_PATH);
  await oidcRepo.insertOidcStart(unaudited(deps.db), {
    estadoHash: hashToken(started.state),
    verificador: started.codeVerifier,
    nonce: started.nonce,
  });
  const { state, nonce, codeVerifier } = started;
  return { url: started.url.href, browser: { state, nonce, codeVerifier } };
}

/**
 * The provider's callback: the state must be the one of this browser's cookie (`browser`), then it is taken
 * (once), the code exchanged, and the user found by the provider's account (oidc-binding.ts: bound by `iss` +
 * `sub`, else by the verified e-mail, any case). Ends in a single-use ticket for the login page, which needs a
 * code as well when the user has a second factor and the provider did not do one (`amr`). Nobody is created
 * unless `OIDC_CREATE_USERS=alumno` (oidc-provision.ts). Returns the login page's address, with the ticket or
 * the reason in its fragment (never sent to a server, nor kept in its logs).
 */
export async function finishOidc(
  deps: OidcDeps,
  baseUrl: string,
  query: string,
  browser: OidcBrowserState | undefined,
  client: SessionClient,
): Promise<string> {
  const oidc = requireOidc(deps);
  const fail = (reason: OidcFailure) => `/log_in#oidc_error=${reason}`;
  const currentUrl = new URL(`${baseUrl}${CALLBACK_PATH}?${query}`);
  const state = currentUrl.searchParams.get('state');
  if (!state || !browser || !sameSecret(state, browser.state)) return fail('browser');
  const started = await oidcRepo.takeOidcStart(unaudited(deps.db), hashToken(state));
  if (!started || started.verificador !== browser.codeVerifier || started.nonce !== browser.nonce) {
    return fail('failed');
  }
  let identity;
  try {
    identity = await oidc.finish(currentUrl, { state, codeVerifier: browser.codeVerifier, nonce: browser.nonce });
  } catch (error) {
    deps.log.warn({ err: error }, 'institutional sign-in refused');
    return fail('failed');
  }
  // A refusal that names someone (a user, or the e-mail the provider showed) is recorded (issue 41 item 5).
  const email = identity.email;
  const refused = async (reason: OidcFailure, usuarioId: number | null, motivo: string) => {
    if (usuarioId !== null || email) {
      const event = { tipo: 'ingreso_fallido', usuarioId, email, metodo: 'institucional', client, motivo } as const;
      await recordSecurityEvent(unaudited(deps.db), event);
    }
    return fail(reason);
  };
  const found = await userOfAccount(deps.db, identity, client);
  if (found === 'unverified') return refused(found, null, 'el proveedor no confirmó el correo');
  if (found === 'otheraccount') return fail(found);
  let user = found;
  if (!user && oidc.createsStudents && identity.email) {
    const created = await createAlumnoFromClaims(deps.db, { ...identity, email: identity.email });
    if (typeof created === 'string') return fail(created);
    user = created;
  }
  if (!user?.activo) {
    return refused('notfound', user?.id ?? null, user ? 'usuario inactivo' : 'ningún usuario con ese correo');
  }
  const ticket = newSessionToken();
  await mfaRepo.insertChallenge(unaudited(deps.db), {
    usuarioId: user.id,
    tokenHash: hashToken(ticket),
    requiereCodigo: user.mfaActivo && !identity.didMfa,
    idTokenOidc: identity.idToken,
  });
  return `/log_in#oidc=${ticket}`;
}

/**
 * `POST /api/users/login/oidc`: the login page redeems its ticket for a session, or learns that a code is
 * asked for (then the ticket is the mfaToken of `/api/users/login/mfa`).
 */
export async function loginWithTicket(deps: AuthDeps, ticket: string, client: SessionClient): Promise<LoginOutcome> {
  const tokenHash = hashToken(ticket);
  const taken = await mfaRepo.takeTicketWithoutCode(unaudited(deps.db), tokenHash);
  if (!taken) {
    if (await mfaRepo.challengeWaitsForCode(deps.db, tokenHash)) return { mfaRequired: true, mfaToken: ticket };
    throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
  }
  const user = await repo.findUserById(deps.db, taken.usuarioId);
  if (!user?.activo) throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
  if (taken.idTokenOidc) await bindAtFirstSession(deps.db, user.id, taken.idTokenOidc, client);
  const reply = await openSession(deps, user, client, undefined, taken.idTokenOidc);
  await recordSecurityEvent(unaudited(deps.db), {
    tipo: 'ingreso',
    usuarioId: user.id,
    metodo: 'institucional',
    client,
  });
  return reply;
}
