import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profesoresMateriaPeriodo } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsText, isoInstant, offsetOf, toPage, whereAll } from '../../lib/search.js';
import {
  anhoJoin,
  materiaPeriodoJoins,
  periodoLabel,
  profesoresJson,
  taughtByUserSql,
  teachesSql,
} from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

export type ProfesorMateriaRecord = {
  id: number;
  mostrarEnTablero: boolean;
  esPropia: boolean;
  profesores: { id: number; nombre: string; apellido: string; role: 'Encargado' | 'Asistente' }[];
  codigoMateria: string;
  materia: string;
  seccion: string;
  periodoId: number;
  periodo: string;
  anho: number;
  malla: string;
  carrera: string;
  numeroSemestre: number;
  cantidadInscriptos: number;
  estadoValue: number;
  fechaPublicado: string | null;
  fechaSellado: string | null;
  fechaExpiracion: string | null;
};

/** The columns of a professor's subject row; `userId` decides the star and whether it is theirs. */
const columns = (userId: number) => sql`mp.id,
  coalesce((select pmp.mostrar_en_tablero from profesores_materia_periodo pmp
             where pmp.materia_periodo_id = mp.id and pmp.usuario_id = ${userId}), false) as "mostrarEnTablero",
  ${teachesSql(sql`mp.id`, userId)} as "esPropia",
  ${profesoresJson(sql`mp.id`)} as profesores,
  mm.codigo as "codigoMateria", m.nombre as materia, mp.seccion, mp.periodo_id as "periodoId",
  ${periodoLabel()} as periodo, al.anho::int as anho, ma.nombre as malla, c.nombre as carrera,
  mm.semestre_nro_orden::int as "numeroSemestre",
  (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as "cantidadInscriptos",
  mp.estado::int as "estadoValue",
  ${isoInstant(sql`mp.fecha_publicado`)} as "fechaPublicado", ${isoInstant(sql`mp.fecha_sellado`)} as "fechaSellado",
  ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion"`;

const joins = sql`${materiaPeriodoJoins()}`;

const ORDER = sql`al.anho desc, p.inicio_clases desc, mm.semestre_nro_orden, sin_acentos(m.nombre), mp.seccion, mp.id`;

export interface ProfesorMateriasFilters {
  periodoId?: number | undefined;
  search?: string | undefined;
}

/**
 * 'Materias asignadas': the subject-periods `userId` teaches, or every one when `todos` (staff). As in the
 * subject-period list, subjects and periods are ranked first (small tables) and the page is cut by integer keys.
 */
export async function listProfesorMaterias(
  db: DbOrTx,
  userId: number,
  todos: boolean,
  page: number,
  pageSize: number,
  filters: ProfesorMateriasFilters,
) {
  const found = await rows<ProfesorMateriaRecord & { total: number }>(
    db,
    sql`with materias_rango as (
          select mm.id, row_number() over(order by mm.semestre_nro_orden, sin_acentos(m.nombre), mm.id) as rango
            from materias_malla mm
            join materias m on m.id = mm.materia_id
            join mallas ma on ma.id = mm.malla_id
            join carreras c on c.id = ma.carrera_id
          ${whereAll([containsText(sql`mm.codigo || ' ' || m.nombre || ' ' || ma.nombre || ' ' || c.nombre`, filters.search)])}
        ),
        periodos_rango as (
          select p.id, row_number() over(order by al.anho desc, p.inicio_clases desc, p.id desc) as periodo_rango
            from periodos p ${anhoJoin()}
        ),
        pagina as (
          select mp.id, mp.seccion, r.rango, pr.periodo_rango, count(*) over()::int as total
            from materias_periodo mp
            join materias_rango r on r.id = mp.materia_malla_id
            join periodos_rango pr on pr.id = mp.periodo_id
          ${whereAll([
            todos ? undefined : sql`mp.id in ${taughtByUserSql(userId)}`,
            filters.periodoId ? sql`mp.periodo_id = ${filters.periodoId}` : undefined,
          ])}
           order by periodo_rango, rango, seccion collate "C", id
           limit ${pageSize} offset ${offsetOf(page, pageSize)}
        )
        select ${columns(userId)}, pagina.total
          from pagina
          join materias_periodo mp on mp.id = pagina.id
          ${joins}
         order by pagina.periodo_rango, pagina.rango, pagina.seccion collate "C", pagina.id`,
  );
  return toPage(found);
}

/** The dashboard: the subject-periods `userId` teaches and starred. */
export async function dashboard(db: DbOrTx, userId: number) {
  return rows<ProfesorMateriaRecord>(
    db,
    sql`select ${columns(userId)}
          from profesores_materia_periodo own
          join materias_periodo mp on mp.id = own.materia_periodo_id
          ${joins}
         where own.usuario_id = ${userId} and own.mostrar_en_tablero
         order by ${ORDER}`,
  );
}

/** Flips the star of `userId` on a subject-period they teach; undefined when they do not teach it. */
export async function toggleStar(db: WriteTx, userId: number, materiaPeriodoId: number) {
  const [row] = await db
    .update(profesoresMateriaPeriodo)
    .set({ mostrarEnTablero: sql`not ${profesoresMateriaPeriodo.mostrarEnTablero}` })
    .where(
      and(
        eq(profesoresMateriaPeriodo.materiaPeriodoId, materiaPeriodoId),
        eq(profesoresMateriaPeriodo.usuarioId, userId),
      ),
    )
    .returning({ mostrarEnTablero: profesoresMateriaPeriodo.mostrarEnTablero });
  return row;
}
