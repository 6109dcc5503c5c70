import {
  MSG_IDENTITY,
  MSG_WEBAUTHN,
  type AuthenticationOptions,
  type AuthenticationResponse,
  type Passkey,
  type PasskeyRegister,
  type PasskeyRemove,
  type RegistrationOptions,
} from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { unaudited, writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { getSettings } from '../settings/settings.service.js';
import { passwordCheckSucceeded, reservePasswordCheck } from '../throttle/login-throttle.js';
import type { AuthUser } from './auth-user.js';
import * as repo from './auth.repository.js';
import type { SessionClient } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { requireKey, useFactorCode } from './mfa-codes.js';
import { verifyPassword } from './password.js';
import * as keysRepo from './webauthn.repository.js';
import type { ChallengePurpose, CredentialRow } from './webauthn.repository.js';
import {
  authenticationOptions,
  challengeOf,
  registrationOptions,
  verifyAssertion,
  verifyNewKey,
  type RelyingParty,
} from './webauthn.js';

/** A key added or removed, in `eventos_seguridad` (the key's name as its reason). */
const keyEvent = (
  tipo: 'segundo_factor_activado' | 'segundo_factor_quitado',
  user: AuthUser,
  client: SessionClient,
) => ({ tipo, usuarioId: user.id, factor: 'passkey' as const, client });

const toPasskey = (row: CredentialRow): Passkey => ({
  id: row.id,
  name: row.nombre,
  createdAt: row.creado,
  lastUsedAt: row.ultimoUso,
  transports: row.transportes,
});

/** 'Llaves de seguridad y passkeys' in 'Seguridad': the user's keys, oldest first. */
export async function listPasskeys(deps: AuthDeps, user: AuthUser): Promise<Passkey[]> {
  return (await keysRepo.listCredentials(deps.db, user.id)).map(toPasskey);
}

/** Options for `navigator.credentials.create`, with a challenge kept for 5 minutes. */
export async function startRegistration(
  deps: AuthDeps,
  user: AuthUser,
  rp: RelyingParty,
): Promise<RegistrationOptions> {
  const keys = await keysRepo.listCredentials(deps.db, user.id);
  if (keys.length >= keysRepo.MAX_KEYS) throw AppError.conflict(MSG_WEBAUTHN.tooMany);
  const options = await registrationOptions(rp, user, keys);
  await keysRepo.insertChallenge(unaudited(deps.db), {
    usuarioId: user.id,
    proposito: 'registro',
    desafio: options.challenge,
  });
  return options;
}

/** Takes the challenge a response answers: one the server gave this user, for this purpose, not expired. */
async function takeAnsweredChallenge(
  db: DbOrTx,
  usuarioId: number,
  proposito: ChallengePurpose,
  clientDataJSON: string,
): Promise<string | undefined> {
  const desafio = challengeOf(clientDataJSON);
  if (!desafio) return undefined;
  return (await keysRepo.takeChallenge(unaudited(db), { usuarioId, proposito, desafio })) ? desafio : undefined;
}

/** The key's answer to the registration's challenge checked, and the key kept under the name given. */
export async function finishRegistration(
  deps: AuthDeps,
  user: AuthUser,
  rp: RelyingParty,
  body: PasskeyRegister,
  client: SessionClient,
): Promise<Passkey> {
  const challenge = await takeAnsweredChallenge(deps.db, user.id, 'registro', body.response.response.clientDataJSON);
  if (!challenge) throw AppError.badRequest(MSG_WEBAUTHN.challengeExpired);
  const key = await verifyNewKey(rp, body.response, challenge);
  if (!key) throw AppError.badRequest(MSG_WEBAUTHN.responseInvalid);
  if ((await keysRepo.countCredentials(deps.db, user.id)) >= keysRepo.MAX_KEYS) {
    throw AppError.conflict(MSG_WEBAUTHN.tooMany);
  }
  const row = await writeTx(deps.db, user.id, async (tx) => {
    const added = await keysRepo.insertCredential(tx, { ...key, usuarioId: user.id, nombre: body.name });
    if (added)
      await recordSecurityEvent(tx, { ...keyEvent('segundo_factor_activado', user, client), motivo: body.name });
    return added;
  });
  if (!row) throw AppError.conflict(MSG_WEBAUTHN.alreadyRegistered);
  return toPasskey(row);
}

/** Options to confirm something with one of the user's keys (removing a key asks for it, or for a code). */
export async function startConfirmation(
  deps: AuthDeps,
  user: AuthUser,
  rp: RelyingParty,
): Promise<AuthenticationOptions> {
  return startAssertion(deps.db, user.id, rp, 'confirmacion');
}

/** Options for `navigator.credentials.get` over the user's keys, with a challenge kept 5 minutes. */
export async function startAssertion(
  db: DbOrTx,
  usuarioId: number,
  rp: RelyingParty,
  proposito: ChallengePurpose,
): Promise<AuthenticationOptions> {
  const keys = await keysRepo.listCredentials(db, usuarioId);
  if (keys.length === 0) throw AppError.badRequest(MSG_WEBAUTHN.noKeys);
  const options = await authenticationOptions(rp, keys);
  await keysRepo.insertChallenge(unaudited(db), { usuarioId, proposito, desafio: options.challenge });
  return options;
}

/** A refused signature: the Spanish reason for the person, and a shorter one for the security events. */
export interface AssertionRefusal {
  refusal: string;
  motivo: string;
}

/**
 * A key's signature of a challenge the server gave this user for `proposito`: the key must be one of the
 * user's, the signature right, and its counter higher than the last one seen (taken in one conditional
 * update). Returns the key used, or why it was refused.
 */
export async function checkAssertion(
  db: DbOrTx,
  usuarioId: number,
  rp: RelyingParty,
  proposito: ChallengePurpose,
  response: AuthenticationResponse,
): Promise<{ key: CredentialRow } | AssertionRefusal> {
  const challenge = await takeAnsweredChallenge(db, usuarioId, proposito, response.response.clientDataJSON);
  if (!challenge)
    return { refusal: MSG_WEBAUTHN.challengeExpired, motivo: 'desafío de la llave vencido, usado o ajeno' };
  const key = (await keysRepo.listCredentials(db, usuarioId)).find((k) => k.credencialId === response.id);
  if (!key) return { refusal: MSG_WEBAUTHN.unknownKey, motivo: 'llave no registrada para el usuario' };
  const check = await verifyAssertion(rp, key, response, challenge);
  if (!check.ok && check.reason === 'invalid') {
    return { refusal: MSG_WEBAUTHN.responseInvalid, motivo: `firma no válida de la llave «${key.nombre}»` };
  }
  if (!check.ok || !(await keysRepo.takeCounter(unaudited(db), key.id, check.newCounter))) {
    // A right signature from a copy of the key (its counter lags behind the original's).
    return {
      refusal: MSG_WEBAUTHN.cloned,
      motivo: `la llave «${key.nombre}» no avanzó su contador de usos (posible copia)`,
    };
  }
  return { key };
}

/**
 * Removes one of the user's keys after re-authentication (issue 41 items 4 and 7): the current password,
 * and a current code of the authenticator app or a key's signature. Both checks count against decision
 * 006's throttles, as a login does: a stolen session is not an oracle for the password.
 */
export async function removePasskey(
  deps: AuthDeps,
  user: AuthUser,
  rp: RelyingParty,
  id: number,
  body: PasskeyRemove,
  client: SessionClient,
): Promise<void> {
  const { ip } = client;
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw AppError.unauthorized();
  const removed = (await keysRepo.listCredentials(deps.db, user.id)).find((k) => k.id === id);
  if (!removed) throw AppError.notFound(MSG_WEBAUTHN.keyNotFound);
  await reservePasswordCheck(deps.db, await getSettings(deps.db), row.email, ip, {
    usuarioId: user.id,
    userAgent: client.userAgent,
  });
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    throw AppError.badField('password', MSG_WEBAUTHN.passwordWrong);
  }
  if (body.response) {
    const checked = await checkAssertion(deps.db, user.id, rp, 'confirmacion', body.response);
    if ('refusal' in checked) throw AppError.badField('response', checked.refusal);
  } else if (!(await useFactorCode(deps.db, requireKey(deps.mfaKey), user.id, body.code ?? '', false))) {
    throw AppError.badField('code', MSG_IDENTITY.mfaCodeInvalid);
  }
  await passwordCheckSucceeded(deps.db, row.email, ip);
  const gone = await writeTx(deps.db, user.id, async (tx) => {
    if (!(await keysRepo.deleteCredential(tx, user.id, id))) return false;
    await recordSecurityEvent(tx, { ...keyEvent('segundo_factor_quitado', user, client), motivo: removed.nombre });
    return true;
  });
  if (!gone) throw AppError.notFound(MSG_WEBAUTHN.keyNotFound);
}
