import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { correosSalientes } from '../db/schema/index.js';

/**
 * The latest mails of the outbox, newest first, optionally for one address. Without SMTP (a demo) the
 * kept mail is how a new or reset user gets their temporary password: an administrator with access to the
 * server reads it here. Mail already sent no longer holds the password (the sender masks it).
 */
export async function listOutbox(db: DbOrTx, opts: { email?: string | undefined; limit: number }) {
  return db
    .select({
      id: correosSalientes.id,
      fecha: correosSalientes.fecha,
      estado: correosSalientes.estado,
      destinatario: correosSalientes.destinatario,
      asunto: correosSalientes.asunto,
      cuerpo: correosSalientes.cuerpo,
      error: correosSalientes.error,
    })
    .from(correosSalientes)
    .where(opts.email ? sql`lower(${correosSalientes.destinatario}) = lower(${opts.email})` : undefined)
    .orderBy(desc(correosSalientes.id))
    .limit(opts.limit);
}

export function formatOutbox(mails: Awaited<ReturnType<typeof listOutbox>>): string {
  if (mails.length === 0) return 'La bandeja de salida está vacía.';
  return mails
    .map((m) =>
      [
        `#${m.id}  ${m.fecha}  [${m.estado}]`,
        `Para: ${m.destinatario}`,
        `Asunto: ${m.asunto}`,
        ...(m.error ? [`Error: ${m.error}`] : []),
        '',
        m.cuerpo.trimEnd(),
      ].join('\n'),
    )
    .join('\n\n' + '-'.repeat(60) + '\n\n');
}
