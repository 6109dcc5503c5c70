import type { Role } from '@arandu/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { UnauditedWriter } from '../../db/tx.js';

/** The links' key kept in the database (made once, the first writer wins), hex. */
export async function storedKey(db: UnauditedWriter, candidate: string): Promise<string> {
  const [row] = await rows<{ clave: string }>(
    db,
    sql`with nueva as (insert into calendario_clave (id, clave) values (1, ${candidate})
                       on conflict (id) do nothing returning clave)
        select clave from nueva union all select clave from calendario_clave where id = 1 limit 1`,
  );
  return row!.clave;
}

export async function nonceOf(db: DbOrTx, usuarioId: number): Promise<string | undefined> {
  const [row] = await rows<{ nonce: string }>(
    db,
    sql`select nonce from calendario_enlaces where usuario_id = ${usuarioId}`,
  );
  return row?.nonce;
}

/** The user's link, unless one is there already (two first visits at once keep the first): its nonce. */
export async function insertLinkUnlessAny(
  db: UnauditedWriter,
  usuarioId: number,
  nonce: string,
  tokenHash: string,
): Promise<string> {
  const [row] = await rows<{ nonce: string }>(
    db,
    sql`with nueva as (insert into calendario_enlaces (usuario_id, nonce, token_hash)
                       values (${usuarioId}, ${nonce}, ${tokenHash})
                       on conflict (usuario_id) do nothing returning nonce)
        select nonce from nueva union all select nonce from calendario_enlaces where usuario_id = ${usuarioId} limit 1`,
  );
  return row!.nonce;
}

/** Replaces the user's link: from this statement on, the old token's hash is nowhere. */
export async function replaceLink(db: UnauditedWriter, usuarioId: number, nonce: string, tokenHash: string) {
  await db.execute(
    sql`insert into calendario_enlaces (usuario_id, nonce, token_hash) values (${usuarioId}, ${nonce}, ${tokenHash})
        on conflict (usuario_id) do update set nonce = excluded.nonce, token_hash = excluded.token_hash,
                                               created_at = now()`,
  );
}

/**
 * The active user whose link has this token hash (an index lookup: no comparison of secrets in JavaScript), and
 * their student profile, so the feed knows whose week it is without another round trip.
 */
export function usuarioOfTokenHashSql(tokenHash: string): SQL {
  return sql`select u.id, array_remove(array[case when u.es_alumno then 0 end, case when u.es_profesor then 1 end],
                                       null) as roles,
                    (select pa.id from perfiles_alumno pa where pa.usuario_id = u.id and u.es_alumno) as "perfilAlumnoId"
               from calendario_enlaces c join usuarios u on u.id = c.usuario_id
              where c.token_hash = ${tokenHash} and u.activo`;
}

export type UsuarioOfToken = { id: number; roles: Role[]; perfilAlumnoId: number | null };

/**
 * Each event's SEQUENCE, in one statement: a UID seen for the first time starts at 0; one whose digest changed
 * since a feed last carried it goes up by one (RFC 5545 3.8.7.4), so calendar programs replace the event.
 */
export async function sequences(
  db: UnauditedWriter,
  events: readonly { uid: string; digesto: string; guardado: { digesto: string | null; secuencia: number | null } }[],
): Promise<Map<string, number>> {
  if (events.length === 0) return new Map();
  // The stored digests came with the feed's rows (schedule.repository.ts `fuentesRows`): a feed fetched again
  // unchanged, the usual case, neither reads nor writes here.
  if (events.every((e) => e.guardado.digesto === e.digesto)) {
    return new Map(events.map((e) => [e.uid, e.guardado.secuencia ?? 0]));
  }
  const found = await rows<{ uid: string; secuencia: number }>(
    db,
    sql`with entrada as (select * from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as x(uid text, digesto text)),
             escrito as (insert into calendario_eventos (uid, digesto) select uid, digesto from entrada
                         on conflict (uid) do update set digesto = excluded.digesto,
                                                         secuencia = calendario_eventos.secuencia + 1
                          where calendario_eventos.digesto <> excluded.digesto
                         returning uid, secuencia)
        select x.uid, coalesce(w.secuencia, c.secuencia, 0) as secuencia
          from entrada x left join escrito w on w.uid = x.uid left join calendario_eventos c on c.uid = x.uid`,
  );
  return new Map(found.map((r) => [r.uid, r.secuencia]));
}
