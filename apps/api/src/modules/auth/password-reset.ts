import { eq } from 'drizzle-orm';
import { MSG } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { restablecimientosPendientes } from '../../db/schema/index.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { Mail } from '../../lib/mail.js';
import { handOverTemporaryPassword } from '../audit/secret-shown.js';
import { reserveResetRequest } from '../throttle/reset-throttle.js';
import type { AuthDeps } from './auth.service.js';
import * as repo from './auth.repository.js';
import { hashPassword, temporaryPassword, verifyPassword } from './password.js';

/** How long a temporary password asked for through the public form may be used. */
export const PENDING_RESET_HOURS = 24;

type Recipient = { nombre: string; email: string };

/** The mail of a reset by staff: the temporary password is already the user's. */
export function staffResetMail(appName: string, user: Recipient, temporary: string): Mail {
  return {
    to: user.email,
    subject: `${appName}: contraseña temporal`,
    text:
      `Hola ${user.nombre}:\n\nSe ha restablecido su contraseña de ${appName}.\n` +
      `Contraseña temporal: ${temporary}\n\n` +
      'Al ingresar se le pedirá que establezca una nueva contraseña.\n',
  };
}

/** The mail of '¿Olvidaste tu Contraseña?': a pending temporary password, the current one still valid. */
export function pendingResetMail(appName: string, user: Recipient, temporary: string): Mail {
  return {
    to: user.email,
    subject: `${appName}: contraseña temporal`,
    text:
      `Hola ${user.nombre}:\n\nSe ha solicitado restablecer su contraseña de ${appName}.\n` +
      `Contraseña temporal: ${temporary}\n\n` +
      `Puede usarla durante ${PENDING_RESET_HOURS} horas; al ingresar con ella se le pedirá que establezca ` +
      'una nueva contraseña y se cerrarán sus otras sesiones.\n' +
      'Si no lo solicitó, ignore este correo: su contraseña actual sigue vigente.\n',
  };
}

/**
 * 'Restablecer contraseña' by staff: a new temporary password at once, `firstLogin`, the user's sessions
 * ended (DOMAIN.md section 1), and the mail queued in the same transaction (sent after commit). Without SMTP
 * the password comes back to the caller, this once, audited (`handOverTemporaryPassword`); the caller has
 * checked that the actor may manage this account.
 */
export async function resetPassword(
  deps: AuthDeps,
  targetUserId: number,
  actorId: number,
): Promise<{ contrasenaTemporal?: string }> {
  const row = await repo.findUserById(deps.db, targetUserId);
  if (!row) throw AppError.notFound(MSG.userNotFound);
  const temporary = temporaryPassword();
  const passwordHash = await hashPassword(temporary);
  const shown = await writeTx(deps.db, actorId, async (tx) => {
    await repo.updatePassword(tx, row.id, passwordHash, true);
    await repo.deleteUserSessions(tx, row.id);
    await repo.deletePendingReset(tx, row.id);
    await deps.mailer.queue(tx, staffResetMail(deps.publicSettings.appName, row, temporary));
    return handOverTemporaryPassword(tx, deps.mailer, {
      actorId,
      destinoId: row.id,
      accion: 'Restablecer contraseña',
      temporary,
    });
  });
  deps.mailer.deliverSoon();
  return shown;
}

/**
 * '¿Olvidaste tu Contraseña?': counts the request (per e-mail and per address), then answers at once. The
 * rest (looking the e-mail up, hashing, writing, mailing) happens once `replied` settles, so its time does not
 * tell whether the e-mail has an account. The current password keeps working: the temporary one replaces
 * it, and ends the sessions, only when it is first used (`usePendingReset`), so a stranger cannot lock a
 * person out by asking for resets in their name. The password goes to the owner's mailbox or nowhere: no
 * screen shows it, to anyone (issue 40), and without SMTP the mail waits in the outbox, masked on every screen.
 */
export async function forgotPassword(
  deps: AuthDeps,
  email: string,
  ip: string,
  replied: Promise<unknown>,
): Promise<void> {
  await reserveResetRequest(deps.db, email, ip);
  deps.background.run('forgot-password', () => mailPendingReset(deps, email), replied);
}

async function mailPendingReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user?.activo) return;
  const temporary = temporaryPassword();
  const passwordHash = await hashPassword(temporary);
  await writeTx(deps.db, null, async (tx) => {
    await repo.upsertPendingReset(tx, user.id, passwordHash, PENDING_RESET_HOURS);
    await deps.mailer.queue(tx, pendingResetMail(deps.publicSettings.appName, user, temporary));
  });
  deps.mailer.deliverSoon();
}

/** Whether `password` is the user's pending temporary password (only called once the real one failed). */
export async function matchesPendingReset(db: DbOrTx, usuarioId: number, password: string): Promise<boolean> {
  const pending = await repo.findPendingReset(db, usuarioId);
  return pending !== undefined && (await verifyPassword(pending, password));
}

/**
 * The first login with a pending temporary password: it becomes the password (`firstLogin`, so a new one
 * must be set) and every other session ends. Taking the row is the guard: of two parallel logins with it,
 * one does the switch and the other finds it done.
 */
export async function usePendingReset(db: DbOrTx, usuarioId: number): Promise<void> {
  await writeTx(db, usuarioId, async (tx) => {
    const [taken] = await tx
      .delete(restablecimientosPendientes)
      .where(eq(restablecimientosPendientes.usuarioId, usuarioId))
      .returning({ passwordHash: restablecimientosPendientes.passwordHash });
    if (!taken) return;
    await repo.updatePassword(tx, usuarioId, taken.passwordHash, true);
    await repo.deleteUserSessions(tx, usuarioId);
  });
}
