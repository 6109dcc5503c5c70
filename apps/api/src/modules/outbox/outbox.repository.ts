import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { correosSalientes, type EstadoCorreo } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsPattern, isoInstant, offsetOf, whereAll } from '../../lib/search.js';
import type { UnauditedWriter } from '../../db/tx.js';

/** The outbox's SQL (decision record 006): queued by lib/mail.ts, delivered by lib/outbox-sender.ts. */

export type ClaimedMail = {
  id: number;
  destinatario: string;
  asunto: string;
  cuerpo: string;
  intentos: number;
};

/** Queues one mail in the caller's transaction: 'pendiente' to be sent, 'retenido' when there is no SMTP. */
export async function insertMail(
  db: UnauditedWriter,
  mail: { to: string; subject: string; text: string; estado: 'pendiente' | 'retenido' },
): Promise<number> {
  const [row] = await db
    .insert(correosSalientes)
    .values({ destinatario: mail.to, asunto: mail.subject, cuerpo: mail.text, estado: mail.estado })
    .returning({ id: correosSalientes.id });
  return row!.id;
}

/** Queues many mails in one statement, in the caller's transaction. */
export async function insertMails(
  db: UnauditedWriter,
  mails: { to: string; subject: string; text: string }[],
  estado: 'pendiente' | 'retenido',
): Promise<void> {
  await db.execute(
    sql`insert into correos_salientes (destinatario, asunto, cuerpo, estado)
        select v."to", v.subject, v.text, ${estado}
          from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) as v("to" text, subject text, text text)`,
  );
}

/**
 * Claims up to `limit` mails due now (`pendiente` -> `enviando`, committed on its own) with `FOR UPDATE SKIP
 * LOCKED`, so two senders never take the same row.
 */
export function claimDue(db: DbOrTx, limit: number): Promise<ClaimedMail[]> {
  return rows<ClaimedMail>(
    db,
    sql`update correos_salientes c
        set estado = 'enviando', intentos = c.intentos + 1, proximo_intento = now()
        where c.estado = 'pendiente' and c.id in (
          select id from correos_salientes
          where estado = 'pendiente' and proximo_intento <= now()
          order by proximo_intento, id
          limit ${limit}
          for update skip locked)
        returning c.id, c.destinatario, c.asunto, c.cuerpo, c.intentos`,
  );
}

/** A failed send: back to 'pendiente' after `retrySeconds`, or 'fallido' when given up. */
export async function markFailed(db: DbOrTx, id: number, v: { giveUp: boolean; error: string; retrySeconds: number }) {
  await db.execute(sql`update correos_salientes
    set estado = ${v.giveUp ? 'fallido' : 'pendiente'}, error = ${v.error},
        proximo_intento = now() + make_interval(secs => ${v.retrySeconds})
    where id = ${id}`);
}

/** Sent: the body kept is the redacted one (no temporary password stays in the database). */
export async function markSent(db: DbOrTx, id: number, redactedBody: string) {
  await db.execute(sql`update correos_salientes
    set estado = 'enviado', enviado_en = now(), error = null, cuerpo = ${redactedBody}
    where id = ${id}`);
}

/** Mails left 'enviando' by a process that died mid-send: 'fallido', never retried (they may have gone). */
export async function giveUpStuck(db: DbOrTx, minutes: number) {
  await db.execute(sql`update correos_salientes
    set estado = 'fallido', error = 'El envío se interrumpió (el proceso terminó); puede haber llegado, no se reintenta'
    where estado = 'enviando' and proximo_intento < now() - make_interval(mins => ${minutes})`);
}

/** The latest mails, newest first, optionally for one address (`npm run outbox`). */
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

/** How many mails the outbox holds (for one recipient): `npm run outbox` says how many it left out. */
export async function countOutbox(db: DbOrTx, email?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(correosSalientes)
    .where(email ? sql`lower(${correosSalientes.destinatario}) = lower(${email})` : undefined);
  return row?.n ?? 0;
}

/**
 * One page of the outbox for the 'Correos' screen (issue 34), newest first, with its total: filtered in SQL by
 * recipient or subject (accent- and case-insensitive) and by state.
 */
export function pageOutbox(
  db: DbOrTx,
  q: { page: number; pageSize: number; search?: string | undefined; estado?: string | undefined },
) {
  const text = q.search?.trim() ?? '';
  const search = containsPattern(text);
  const where = whereAll([
    text !== '' &&
      sql`(sin_acentos(destinatario) like sin_acentos(${search}) or sin_acentos(asunto) like sin_acentos(${search}))`,
    q.estado !== undefined && sql`estado = ${q.estado}`,
  ]);
  return rows<{
    id: number;
    fecha: string;
    estado: EstadoCorreo;
    destinatario: string;
    asunto: string;
    cuerpo: string;
    error: string | null;
    enviadoEn: string | null;
    total: number;
  }>(
    db,
    sql`select id::int as id, ${isoInstant(sql`fecha`)} as fecha, estado, destinatario, asunto, cuerpo, error,
               ${isoInstant(sql`enviado_en`)} as "enviadoEn", count(*) over ()::int as total
          from correos_salientes ${where}
         order by id desc
         limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`,
  );
}
