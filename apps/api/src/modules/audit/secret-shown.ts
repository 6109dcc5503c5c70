import type { WriteTx } from '../../db/tx.js';
import type { Mailer } from '../../lib/mail.js';
import { insertSecretShown } from './audit.repository.js';

/**
 * What staff get back of a temporary password they just set (a new account, 'Restablecer contraseña'):
 * nothing when the mail takes it to its owner's mailbox; without SMTP the password itself, this once, with
 * the showing written to the audit log in the same transaction as the password (DOMAIN.md section 8, issue
 * 40). The caller has already checked that the actor may manage the account.
 */
export async function handOverTemporaryPassword(
  tx: WriteTx,
  mailer: Mailer,
  shown: { actorId: number; destinoId: number; accion: string; temporary: string },
): Promise<{ contrasenaTemporal?: string }> {
  if (mailer.delivers) return {};
  await insertSecretShown(tx, { usuarioId: shown.actorId, destinoId: shown.destinoId, accion: shown.accion });
  return { contrasenaTemporal: shown.temporary };
}
