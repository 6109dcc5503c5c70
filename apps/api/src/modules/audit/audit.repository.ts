import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { containsText, isoInstant, offsetOf } from '../../lib/search.js';

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
  columnasAfectadas: string[];
  valoresAnteriores: Record<string, unknown> | null;
  valoresNuevos: Record<string, unknown> | null;
  total: number;
}

/** Days are America/Asuncion calendar days: [desde 00:00, hasta + 1 day 00:00). */
const startOfDay = (day: string) => sql`((${day})::date)::timestamp at time zone 'America/Asuncion'`;
const startOfNextDay = (day: string) => sql`((${day})::date + 1)::timestamp at time zone 'America/Asuncion'`;

/** 'Auditoría de cambios': newest first, one page, the total in the same query. */
export async function listAudit(db: DbOrTx, q: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [sql`true`];
  if (q.tipo) where.push(sql`a.tipo = ${q.tipo}`);
  if (q.tabla) where.push(sql`a.nombre_tabla = ${q.tabla}`);
  if (q.fechaDesde) where.push(sql`a.fecha >= ${startOfDay(q.fechaDesde)}`);
  if (q.fechaHasta) where.push(sql`a.fecha < ${startOfNextDay(q.fechaHasta)}`);
  const who = containsText(sql`u.nombre || ' ' || u.apellido || ' ' || u.email`, q.usuario);
  if (who) where.push(who);
  return rows<AuditRow>(
    db,
    sql`select a.id::int as id, a.usuario_id as "usuarioId", u.nombre, u.apellido, a.tipo,
               ${isoInstant(sql`a.fecha`)} as fecha, a.nombre_tabla as "nombreTabla",
               a.clave_primaria as "clavePrimaria", a.columnas_afectadas as "columnasAfectadas",
               a.valores_anteriores as "valoresAnteriores", a.valores_nuevos as "valoresNuevos",
               (count(*) over ())::int as total
          from auditoria a
          left join usuarios u on u.id = a.usuario_id
         where ${sql.join(where, sql` and `)}
         order by a.fecha desc, a.id desc
         limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`,
  );
}
