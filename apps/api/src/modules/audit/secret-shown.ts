import { TipoAuditoria } from '@arandu/shared';
import { auditoria } from '../../db/schema/index.js';
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

/**
 * The same handing over for many accounts at once (an import's credential letters, issue 44): nothing when
 * the mail takes each password to its owner; without SMTP the passwords, this once, each showing written to
 * the audit log (one SHOWN entry per account, as `insertSecretShown` writes it) in the caller's transaction.
 */
export async function handOverTemporaryPasswords(
  tx: WriteTx,
  mailer: Mailer,
  shown: { actorId: number; accion: string; entries: { destinoId: number; temporary: string }[] },
): Promise<{ destinoId: number; temporary: string }[]> {
  if (mailer.delivers || shown.entries.length === 0) return [];
  const motivo = 'Sin servidor de correo: se mostró una vez a quien la estableció';
  // In slices: one statement of 5,000 rows of 7 parameters stays far below PostgreSQL's 65,535.
  for (let at = 0; at < shown.entries.length; at += 5_000) {
    await tx.insert(auditoria).values(
      shown.entries.slice(at, at + 5_000).map((e) => ({
        usuarioId: shown.actorId,
        tipo: TipoAuditoria.Shown,
        nombreTabla: 'usuarios',
        clavePrimaria: String(e.destinoId),
        columnasAfectadas: [],
        valoresNuevos: { accion: shown.accion, motivo },
      })),
    );
  }
  return shown.entries;
}
