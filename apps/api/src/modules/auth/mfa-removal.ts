import { MSG, MSG_IDENTITY, userChangeRefusal, type MfaDisable, type MfaReset } from '@arandu/shared';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { getSettings } from '../settings/settings.service.js';
import { passwordCheckSucceeded, reservePasswordCheck } from '../throttle/login-throttle.js';
import type { AuthUser } from './auth-user.js';
import * as repo from './auth.repository.js';
import type { SessionClient } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { factorResetMail, mailDeps, recordRecoveryCodeUse } from './factor-notices.js';
import { requireKey, useFactorCode } from './mfa-codes.js';
import * as mfaRepo from './mfa.repository.js';
import { verifyPassword } from './password.js';
import * as keysRepo from './webauthn.repository.js';

/**
 * The first half of re-authentication (issue 41 item 4): the actor's current password, counted by decision
 * 006's throttles like a login (a session left open is an oracle for neither the password nor the codes). The
 * code, the second half, is taken inside the transaction of the removal itself, so proof and removal commit
 * together.
 */
async function checkActorPassword(
  deps: AuthDeps,
  actor: { id: number; email: string; passwordHash: string },
  password: string,
  client: SessionClient,
): Promise<void> {
  await reservePasswordCheck(deps.db, await getSettings(deps.db), actor.email, client.ip, {
    usuarioId: actor.id,
    userAgent: client.userAgent,
  });
  if (!(await verifyPassword(actor.passwordHash, password))) {
    throw AppError.badField('password', MSG_IDENTITY.reauthPasswordWrong);
  }
}

const codeRefused = () => AppError.badField('code', MSG_IDENTITY.mfaCodeInvalid);

/**
 * `POST /api/users/mfa/disable`: one's own factor goes only with one's password and a current code (or a
 * recovery code, for a lost phone; its owner is then told by mail). Recorded in `eventos_seguridad`.
 */
export async function disableMfa(deps: AuthDeps, user: AuthUser, body: MfaDisable, client: SessionClient) {
  const key = requireKey(deps.mfaKey);
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw AppError.unauthorized();
  if (!(await mfaRepo.findFactor(deps.db, user.id))?.activo) throw AppError.conflict(MSG_IDENTITY.mfaNotEnabled);
  await checkActorPassword(deps, row, body.password, client);
  const used = await writeTx(deps.db, user.id, async (tx) => {
    const kind = await useFactorCode(tx, key, user.id, body.code);
    if (!kind) return null;
    await mfaRepo.deleteFactor(tx, user.id);
    await recordSecurityEvent(tx, { tipo: 'segundo_factor_quitado', usuarioId: user.id, factor: 'totp', client });
    if (kind === 'recuperacion') await recordRecoveryCodeUse(mailDeps(deps), tx, row, client, null);
    return kind;
  });
  if (!used) throw codeRefused();
  await passwordCheckSucceeded(deps.db, row.email, client.ip);
  if (used === 'recuperacion') deps.mailer.deliverSoon();
}

/**
 * Staff's 'Restablecer segundo factor' of someone else (a lost phone or key): the actor proves it is them (their
 * own password and current code: a staff session left open is not enough), then the factor, its codes, the
 * security keys and pending logins go, the user's sessions end, the reset is recorded with its reason, and the user is told by mail. A
 * Funcionario may not touch an Admin; one's own factor is removed only in 'Seguridad' (`disableMfa`); the
 * root's only by the root there, or by `npm run mfa-reset` on the server.
 */
export async function resetUserMfa(
  deps: AuthDeps,
  actor: AuthUser,
  targetId: number,
  body: MfaReset,
  client: SessionClient,
): Promise<void> {
  const key = requireKey(deps.mfaKey);
  const target = await repo.findUserById(deps.db, targetId);
  if (!target) throw AppError.notFound(MSG.userNotFound);
  if (target.id === actor.id) throw AppError.forbidden(MSG_IDENTITY.mfaResetOwn);
  if (target.esAdminRoot) throw AppError.forbidden(MSG_IDENTITY.mfaRootOnlyItself);
  // Another Admin is the root administrator's to manage (security issue 28).
  const refusal = userChangeRefusal(actor, target);
  if (refusal) throw AppError.forbidden(refusal);
  if (!target.mfaActivo) throw AppError.conflict(MSG_IDENTITY.mfaNotEnabled);
  const actorRow = await repo.findUserById(deps.db, actor.id);
  if (!actorRow) throw AppError.unauthorized();
  if (!(await mfaRepo.findFactor(deps.db, actor.id))?.activo) {
    throw AppError.forbidden(MSG_IDENTITY.mfaResetNeedsOwnFactor);
  }
  await checkActorPassword(deps, actorRow, body.password, client);
  const done = await writeTx(deps.db, actor.id, async (tx) => {
    // A current code of the actor's app, not a recovery code: those are for one's own lost phone.
    if (!(await useFactorCode(tx, key, actor.id, body.code, false))) return false;
    await mfaRepo.deleteFactor(tx, targetId);
    await keysRepo.deleteUserCredentials(tx, targetId);
    await repo.deleteUserSessions(tx, targetId);
    await recordSecurityEvent(tx, {
      tipo: 'segundo_factor_restablecido',
      usuarioId: targetId,
      actorId: actor.id,
      factor: 'totp',
      client,
      motivo: body.motivo,
    });
    const by = `${actorRow.nombre} ${actorRow.apellido}`;
    await deps.mailer.queue(tx, factorResetMail(deps.publicSettings.appName, target, by, body.motivo));
    return true;
  });
  if (!done) throw codeRefused();
  await passwordCheckSucceeded(deps.db, actorRow.email, client.ip);
  deps.mailer.deliverSoon();
}
