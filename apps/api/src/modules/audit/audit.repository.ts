import { sql, type SQL } from 'drizzle-orm';
import { TipoAuditoria } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditoria } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { isoInstant, matchesWords, offsetOf } from '../../lib/search.js';
import { describeRecord } from './audit-describe.js';
import type { WriteTx } from '../../db/tx.js';
import { facultyZone } from '../../db/faculty-zone.js';

export interface AuditQuery {
  page: number;
  pageSize: number;
  tipo?: string | undefined;
  usuario?: string | undefined;
  tabla?: string | undefined;
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
}

export interface AuditRow {
  [key: string]: unknown;
  id: number;
  usuarioId: number | null;
  nombre: string | null;
  apellido: string | null;
  tipo: string;
  fecha: string;
  nombreTabla: string;
  clavePrimaria: string;
  descripcion: string | null;
  columnasAfectadas: string[];
  valoresAnteriores: Record<string, unknown> | null;
  valoresNuevos: Record<string, unknown> | null;
  total: number;
}

/** Days are calendar days in Asunción: [desde 00:00, hasta + 1 day 00:00). */
const startOfDay = (day: string) => sql`((${day})::date)::timestamp at time zone ${facultyZone}`;
const startOfNextDay = (day: string) => sql`((${day})::date + 1)::timestamp at time zone ${facultyZone}`;

/**
 * 'Auditoría de cambios': newest first. The page comes off the (fecha, id) index, whose NULLS LAST the
 * ORDER BY must repeat for the index to serve it; the total is counted beside it (the log is append-only and
 * large, so a window over every matching row would read it all for 25 rows).
 */
export async function listAudit(db: DbOrTx, q: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [sql`true`];
  if (q.tipo) where.push(sql`a.tipo = ${q.tipo}`);
  if (q.tabla) where.push(sql`a.nombre_tabla = ${q.tabla}`);
  if (q.fechaDesde) where.push(sql`a.fecha >= ${startOfDay(q.fechaDesde)}`);
  if (q.fechaHasta) where.push(sql`a.fecha < ${startOfNextDay(q.fechaHasta)}`);
  const who = matchesWords(sql`w.busqueda`, q.usuario);
  if (who.length) {
    where.push(sql`a.usuario_id in (select w.id from usuarios w where ${sql.join(who, sql` and `)})`);
  }
  const filter = sql.join(where, sql` and `);
  const narrowed = who.length > 0 || !!q.fechaDesde || !!q.fechaHasta;
  return rows<AuditRow>(
    db,
    auditPage(filter, narrowed ? sql`(select count(*) from auditoria a where ${filter})` : keptTotal(q), q),
  );
}

/**
 * Filtered by table and/or type alone (or not at all), the matching rows run to the hundreds of thousands:
 * the kept checkpoint counts them (migrations 0011 and 0017). A user or a day narrows an index range, which
 * is counted as it stands.
 */
function keptTotal(q: AuditQuery): SQL {
  if (!q.tipo && !q.tabla) return sql`auditoria_total()`;
  return sql`auditoria_total_de(${q.tabla ?? null}::text, ${q.tipo ?? null}::text)`;
}

function auditPage(filter: SQL, total: SQL, q: { page: number; pageSize: number }): SQL {
  return sql`with pagina as (
          select a.*, ${total} as total
            from auditoria a
           where ${filter}
           order by a.fecha desc nulls last, a.id desc nulls last
           limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}
        )
        select a.id::int as id, a.usuario_id as "usuarioId", u.nombre, u.apellido, a.tipo,
               ${isoInstant(sql`a.fecha`)} as fecha, a.nombre_tabla as "nombreTabla",
               a.clave_primaria as "clavePrimaria", ${describeRecord()} as descripcion,
               a.columnas_afectadas as "columnasAfectadas",
               a.valores_anteriores as "valoresAnteriores", a.valores_nuevos as "valoresNuevos",
               a.total::int as total
          from pagina a
          left join usuarios u on u.id = a.usuario_id
         order by a.fecha desc nulls last, a.id desc nulls last`;
}

/**
 * A record's 'Historial' (issue 34 item 23): the audit rows of the given tables and keys, newest first, one
 * page. Each (table, keys) pair is a range of the record index (migration 0035); the total is counted over
 * the same rows (a record has tens or hundreds of changes, not the log's hundreds of thousands).
 */
export async function listHistory(
  db: DbOrTx,
  q: { page: number; pageSize: number; registros: { tabla: string; ids: (number | string)[] }[] },
): Promise<AuditRow[]> {
  // drizzle writes an array parameter as a list: '(p1, p2, …)'.
  const sets = q.registros.map((r) => sql`(a.nombre_tabla = ${r.tabla} and a.clave_primaria in ${r.ids.map(String)})`);
  const filter = sql.join(sets, sql` or `);
  return rows<AuditRow>(db, auditPage(filter, sql`(select count(*) from auditoria a where ${filter})`, q));
}

/**
 * The keys of the enrolments (inscripciones_materia) of some subject-periods, for their 'Historial': those
 * there now, and those deleted since, found by the subject-period their deletion row kept (the partial index
 * auditoria_inscripcion_borrada_idx, migration 0038). As text, the audit log's key type.
 */
export async function enrolmentKeysOf(db: DbOrTx, materiaPeriodoIds: number[]): Promise<string[]> {
  const found = await rows<{ clave: string }>(
    db,
    sql`select i.id::text as clave from inscripciones_materia i where i.materia_periodo_id in ${materiaPeriodoIds}
        union
        select a.clave_primaria from auditoria a
         where a.nombre_tabla = 'inscripciones_materia' and a.tipo = ${TipoAuditoria.Delete}
           and a.valores_anteriores ->> 'materia_periodo_id' in ${materiaPeriodoIds.map(String)}`,
  );
  return found.map((r) => r.clave);
}

/** Moves the audit log's count checkpoint up to now (migration 0011); answers the rows it now counts. */
export async function advanceAuditCount(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ filas: string }>(db, sql`select auditoria_conteo_avanzar()::text as filas`);
  return Number(row!.filas);
}

export interface RefusalRow {
  usuarioId: number;
  nombreTabla: string;
  clavePrimaria: string;
  accion: string;
  motivo: string;
}

/**
 * A refused attempt (tipo DENIED): the trigger logs only rows that change, and a refusal changes none. No
 * column was affected; what was tried and why it was refused go where a change keeps its new values.
 */
export async function insertRefusal(db: WriteTx, row: RefusalRow): Promise<void> {
  await db.insert(auditoria).values({
    usuarioId: row.usuarioId,
    tipo: TipoAuditoria.Denied,
    nombreTabla: row.nombreTabla,
    clavePrimaria: row.clavePrimaria,
    columnasAfectadas: [],
    valoresNuevos: { accion: row.accion, motivo: row.motivo },
  });
}

/**
 * A temporary password shown to the staff member who set it (tipo SHOWN, issue 40): who saw it, whose it is
 * and why. The password itself is never written here.
 */
export async function insertSecretShown(
  db: WriteTx,
  row: { usuarioId: number; destinoId: number; accion: string },
): Promise<void> {
  await db.insert(auditoria).values({
    usuarioId: row.usuarioId,
    tipo: TipoAuditoria.Shown,
    nombreTabla: 'usuarios',
    clavePrimaria: String(row.destinoId),
    columnasAfectadas: [],
    valoresNuevos: { accion: row.accion, motivo: 'Sin servidor de correo: se mostró una vez a quien la estableció' },
  });
}
