import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { UnauditedWriter } from '../../db/tx.js';
import { isoInstant, offsetOf } from '../../lib/search.js';
import { insertSecurityEventSql, securityEventRow, type SecurityEvent } from './security-events.sql.js';

export type { EventClient, SecurityEvent } from './security-events.sql.js';

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
