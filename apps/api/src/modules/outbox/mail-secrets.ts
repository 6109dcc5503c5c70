import { sql } from 'drizzle-orm';
import { can } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { redactSecrets } from '../../lib/mail.js';
import { verifyPassword } from '../auth/password.js';
import type { AuthUser } from '../auth/auth-user.js';

/** The temporary password a mail body carries (welcome, reset), if it still carries one unmasked. */
function temporaryPasswordOf(text: string): string | undefined {
  const found = /Contraseña temporal: (\S+)/.exec(text)?.[1];
  return found && !/^\*+$/.test(found) ? found : undefined;
}

/**
 * What a mail of the outbox shows on screen, for 'Correos' (GET /api/outbox) and a user's mails
 * (GET /api/users/:id/mails) alike (DOMAIN.md section 1, decision record 006). Its temporary password is shown
 * to an administrator only, and only while it is still the recipient's current, unused temporary password:
 * the newest such mail to that address, not sent (a sent one went to its owner and is kept masked), its
 * password still the user's own (`firstLogin`) or their live pending reset, and no session started since it
 * was queued. Anything else is masked: a password used to sign in, changed, replaced by a later mail, or
 * asked for by anyone who is not an administrator. Then a demo
 * without SMTP can hand a new user their password, and a stale one never leaks.
 */
export async function mailsAsShown<M extends { id: number; cuerpo: string }>(
  db: DbOrTx,
  viewer: AuthUser,
  mails: M[],
): Promise<M[]> {
  const masked = (m: M) => ({ ...m, cuerpo: redactSecrets(m.cuerpo) });
  const carrying = mails.filter((m) => temporaryPasswordOf(m.cuerpo) !== undefined);
  if (!can(viewer, 'settings:manage') || carrying.length === 0) return mails.map(masked);
  const shown = await stillCurrent(db, carrying);
  return mails.map((m) => (shown.has(m.id) ? m : masked(m)));
}

/** The ids of `mails` whose temporary password is still unused and current (see `mailsAsShown`). */
async function stillCurrent(db: DbOrTx, mails: { id: number; cuerpo: string }[]): Promise<Set<number>> {
  // One statement: each candidate mail with the hashes its password may still be, when nothing since rules it out.
  const found = await rows<{ id: number; propia: string | null; pendiente: string | null }>(
    db,
    sql`select c.id::int as id,
               case when u.first_login then u.password_hash end as propia,
               (select r.password_hash from restablecimientos_pendientes r
                 where r.usuario_id = u.id and r.expira > now()) as pendiente
          from correos_salientes c
          join usuarios u on lower(u.email) = lower(c.destinatario)
         where c.id in ${mails.map((m) => m.id)} and c.estado <> 'enviado'
           and not exists (select 1 from correos_salientes n
                            where n.destinatario = c.destinatario and n.id > c.id
                              and n.cuerpo like '%Contraseña temporal: %')
           and not exists (select 1 from sesiones s where s.usuario_id = u.id and s.created_at >= c.fecha)`,
  );
  const byId = new Map(mails.map((m) => [m.id, temporaryPasswordOf(m.cuerpo)!]));
  const shown = new Set<number>();
  for (const row of found) {
    const password = byId.get(row.id)!;
    // Temporary passwords are hashed with cheap parameters (password.ts), so this costs well under a millisecond.
    for (const hash of [row.propia, row.pendiente]) {
      if (hash && (await verifyPassword(hash, password))) {
        shown.add(row.id);
        break;
      }
    }
  }
  return shown;
}
