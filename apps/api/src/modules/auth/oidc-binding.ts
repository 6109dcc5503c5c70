import { MSG, MSG_OIDC, userChangeRefusal, type CuentaInstitucionalReply } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { unaudited, writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import type { AuthUser } from './auth-user.js';
import * as repo from './auth.repository.js';
import type { SessionClient, UserForAuth } from './auth.repository.js';
import { idTokenFacts } from './oidc-id-token.js';
import * as oidcRepo from './oidc.repository.js';

/** The provider's account in the words of the security log. */
const accountText = (emisor: string, sujeto: string) => `sujeto ${sujeto} de ${emisor}`;

/**
 * The Arandu user a verified provider account signs in as (issue 41 item 2, OpenID Connect Core 5.7): the user
 * bound to its `iss` + `sub` whatever e-mail it shows now; else the user of its verified e-mail, who must not
 * be bound to another account (refused and logged: a second provider account whose e-mail was edited to
 * someone else's). 'unverified' when an unbound account's e-mail is not verified; undefined when nobody has it.
 */
export async function userOfAccount(
  db: Db,
  account: { issuer: string; subject: string; email: string | undefined; emailVerified: boolean },
  client: SessionClient,
): Promise<UserForAuth | 'unverified' | 'otheraccount' | undefined> {
  const boundId = await oidcRepo.findBoundUserId(db, account.issuer, account.subject);
  if (boundId !== undefined) return repo.findUserById(db, boundId);
  if (!account.email || !account.emailVerified) return 'unverified';
  const user = await repo.findUserByEmail(db, account.email);
  if (!user || !(await oidcRepo.findBinding(db, user.id))) return user;
  await recordSecurityEvent(unaudited(db), {
    tipo: 'cuenta_institucional_rechazada',
    usuarioId: user.id,
    metodo: 'institucional',
    client,
    motivo: `Otra cuenta institucional con su correo: ${accountText(account.issuer, account.subject)}`,
  });
  return 'otheraccount';
}

/**
 * When an institutional sign-in opens its session (after the second factor, if one was asked): a user not
 * bound yet is bound to the account of the ID token, recorded in the audit log (the binding's trigger, with
 * the user as author) and in the security events. A user bound meanwhile to another account is refused.
 */
export async function bindAtFirstSession(
  db: Db,
  usuarioId: number,
  idToken: string,
  client: SessionClient,
): Promise<void> {
  const { issuer: emisor, subject: sujeto } = idTokenFacts(idToken);
  const bound = await oidcRepo.findBinding(db, usuarioId);
  if (bound) {
    if (bound.emisor === emisor && bound.sujeto === sujeto) return;
    throw AppError.unauthorized(MSG_OIDC.otherAccount);
  }
  const done = await writeTx(db, usuarioId, async (tx) => {
    if (!(await oidcRepo.insertBinding(tx, { usuarioId, emisor, sujeto }))) return false;
    await recordSecurityEvent(tx, {
      tipo: 'cuenta_institucional_vinculada',
      usuarioId,
      metodo: 'institucional',
      client,
      motivo: accountText(emisor, sujeto),
    });
    return true;
  });
  // Another sign-in bound it first: to this same account it is fine, to another it is refused.
  if (!done && (await oidcRepo.findBoundUserId(db, emisor, sujeto)) !== usuarioId) {
    throw AppError.unauthorized(MSG_OIDC.otherAccount);
  }
}

/** Staff reach a user they may edit: a Funcionario not an Admin (security issue 28); an unknown id is 404. */
async function assertMayManage(db: Db, actor: AuthUser, targetId: number): Promise<void> {
  const target = await repo.findUserById(db, targetId);
  if (!target) throw AppError.notFound(MSG.userNotFound);
  const refusal = userChangeRefusal(actor, target);
  if (refusal) throw AppError.forbidden(refusal);
}

/** The user's record: the provider's account the user is bound to, or none. */
export async function cuentaInstitucional(
  db: Db,
  actor: AuthUser,
  targetId: number,
): Promise<CuentaInstitucionalReply> {
  await assertMayManage(db, actor, targetId);
  return { cuenta: (await oidcRepo.findBinding(db, targetId)) ?? null };
}

/**
 * Staff remove a binding (the person got a new institutional account, or the provider changed): the next
 * institutional sign-in binds the account with the user's verified e-mail again. Audited, and in the events.
 */
export async function removeCuentaInstitucional(db: Db, actor: AuthUser, targetId: number): Promise<void> {
  await assertMayManage(db, actor, targetId);
  const removed = await writeTx(db, actor.id, async (tx) => {
    const bound = await oidcRepo.findBinding(tx, targetId);
    if (!bound || !(await oidcRepo.deleteBinding(tx, targetId))) return false;
    await recordSecurityEvent(tx, {
      tipo: 'cuenta_institucional_quitada',
      usuarioId: targetId,
      actorId: actor.id,
      motivo: accountText(bound.emisor, bound.sujeto),
    });
    return true;
  });
  if (!removed) throw AppError.notFound(MSG_OIDC.identityNone);
}
