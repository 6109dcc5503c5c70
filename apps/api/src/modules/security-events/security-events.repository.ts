import { sql, type SQL } from 'drizzle-orm';
import type { FactorKind, SecurityEventKind, SignInMethod } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { UnauditedWriter } from '../../db/tx.js';
import { isoInstant, offsetOf } from '../../lib/search.js';

/** Where an event comes from: the address (per TRUST_PROXY) and the browser's User-Agent. */
export interface EventClient {
  ip: string;
  userAgent?: string | undefined;
}

/** One identity event as the code that saw it describes it (`eventos_seguridad`). */
export interface SecurityEvent {
  tipo: SecurityEventKind;
  /** Whom it concerns; null only for a sign-in attempt with an e-mail nobody has (then `email`). */
  usuarioId: number | null;
  /** The e-mail typed, kept when no user has it (bounded, as typed). */
  email?: string | null | undefined;
  /** Who did it when it was someone else (staff); null for the user themselves or the command line. */
  actorId?: number | null | undefined;
  metodo?: SignInMethod | null | undefined;
  factor?: FactorKind | null | undefined;
  client?: EventClient | null | undefined;
  motivo?: string | null | undefined;
}

/**
 * The event's row as a one-row SELECT (the values bounded like their columns): inserted on its own by
 * `insertSecurityEvent`, or inside a statement that does something else, as the login's session statement does.
 */
export function securityEventRow(e: SecurityEvent): SQL {
  const email = e.usuarioId === null ? (e.email ?? '').trim().slice(0, 254) || '(vacío)' : null;
  return sql`select ${e.tipo}::varchar as tipo, ${e.usuarioId}::int as usuario_id, ${email}::varchar as email,
                    ${e.actorId ?? null}::int as actor_id, ${e.metodo ?? null}::varchar as metodo,
                    ${e.factor ?? null}::varchar as factor, ${e.client?.ip.slice(0, 45) ?? null}::varchar as direccion,
                    ${e.client?.userAgent?.slice(0, 300) ?? null}::varchar as agente_usuario,
                    ${e.motivo?.slice(0, 500) ?? null}::varchar as motivo`;
}

/** `insert into eventos_seguridad … select …` of an event row (`securityEventRow`). */
export function insertSecurityEventSql(row: SQL): SQL {
  return sql`insert into eventos_seguridad (tipo, usuario_id, email, actor_id, metodo, factor, direccion, agente_usuario, motivo)
             select tipo, usuario_id, email, actor_id, metodo, factor, direccion, agente_usuario, motivo from (${row}) e`;
}

/**
 * Appends one event. The table is not audited (it is its own append-only log), so any writer will do: the
 * plain database on the login path, or the transaction of the change the event records.
 */
export async function insertSecurityEvent(db: UnauditedWriter, e: SecurityEvent): Promise<void> {
  await db.execute(insertSecurityEventSql(securityEventRow(e)));
}

// A type, not an interface: raw rows must be assignable to Record<string, unknown>.
export type SecurityEventRow = {
  id: number;
  fecha: string;
  tipo: string;
  metodo: string | null;
  factor: string | null;
  email: string | null;
  direccion: string | null;
  agenteUsuario: string | null;
  motivo: string | null;
  actor: string | null;
  total: number;
};

/**
 * A user's events, newest first, one page: the page comes off the (usuario_id, fecha, id) index; the total is
 * counted beside it over the same index range (a user's events, not the table).
 */
export async function listUserEvents(
  db: DbOrTx,
  usuarioId: number,
  q: { page: number; pageSize: number; tipo?: string | undefined },
): Promise<SecurityEventRow[]> {
  const tipo = q.tipo ? sql`and e.tipo = ${q.tipo}` : sql``;
  return rows<SecurityEventRow>(
    db,
    sql`with pagina as (
          select e.* from eventos_seguridad e
           where e.usuario_id = ${usuarioId} ${tipo}
           order by e.fecha desc, e.id desc
           limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}
        )
        select p.id::float8 as id, ${isoInstant(sql`p.fecha`)} as fecha, p.tipo, p.metodo, p.factor, p.email,
               p.direccion, p.agente_usuario as "agenteUsuario", p.motivo,
               case when a.id is null then null else a.nombre || ' ' || a.apellido end as actor,
               (select count(*) from eventos_seguridad e where e.usuario_id = ${usuarioId} ${tipo})::int as total
          from pagina p left join usuarios a on a.id = p.actor_id and p.actor_id <> p.usuario_id
         order by p.fecha desc, p.id desc`,
  );
}

/** A user's latest sign-ins ('Mis sesiones'), newest first: the same index, the kind filtered on the way. */
export async function recentSignIns(db: DbOrTx, usuarioId: number, limit: number) {
  return rows<{
    id: number;
    fecha: string;
    metodo: string | null;
    factor: string | null;
    direccion: string | null;
    agenteUsuario: string | null;
  }>(
    db,
    sql`select e.id::float8 as id, ${isoInstant(sql`e.fecha`)} as fecha, e.metodo, e.factor, e.direccion,
               e.agente_usuario as "agenteUsuario"
          from eventos_seguridad e
         where e.usuario_id = ${usuarioId} and e.tipo = 'ingreso'
         order by e.fecha desc, e.id desc
         limit ${limit}`,
  );
}
