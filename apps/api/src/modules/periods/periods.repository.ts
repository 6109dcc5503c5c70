import { and, eq, ne, sql } from 'drizzle-orm';
import type { Periodo, PeriodoListRequest } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { anhosLectivos, materiasPeriodo, periodos } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsText, isoInstant, offsetOf, toPage, whereAll } from '../../lib/search.js';
import { anhoJoin } from '../access/access.sql.js';
import { writesById } from '../../db/by-id.js';
import type { WriteTx } from '../../db/tx.js';

export type PeriodoFilters = NonNullable<PeriodoListRequest['filters']>;

const periodoColumns = sql`p.id, p.nombre, al.anho::int as anho, p.anho_lectivo_id as "anhoLectivoId",
  p.es_semestre_par as "esSemestrePar", p.activo,
  ${isoInstant(sql`p.inicio_clases`)} as "inicioClases", ${isoInstant(sql`p.fin_clases`)} as "finClases",
  ${isoInstant(sql`p.inicio_periodo_inscripcion`)} as "inicioPeriodoInscripcion",
  ${isoInstant(sql`p.fin_periodo_inscripcion`)} as "finPeriodoInscripcion",
  ${isoInstant(sql`p.fin_calificar_tareas`)} as "finCalificarTareas",
  ${isoInstant(sql`p.fin_editar_planeamiento`)} as "finEditarPlaneamiento"`;

export async function listPeriodos(db: DbOrTx, page: number, pageSize: number, filters: PeriodoFilters = {}) {
  const found = await rows<Periodo & { total: number }>(
    db,
    sql`select ${periodoColumns}, count(*) over()::int as total
          from periodos p ${anhoJoin()}
          ${whereAll([containsText(sql`p.nombre`, filters.nombre), filters.anho ? sql`al.anho = ${filters.anho}` : undefined])}
         order by al.anho desc, p.inicio_clases desc, p.id desc
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findPeriodo(db: DbOrTx, id: number): Promise<Periodo | undefined> {
  const [row] = await rows<Periodo>(db, sql`select ${periodoColumns} from periodos p ${anhoJoin()} where p.id = ${id}`);
  return row;
}

/** Periods for selects: "2026 - Primer Semestre", latest first. */
export async function periodoOptions(db: DbOrTx) {
  return rows<{ value: number; label: string; activo: boolean }>(
    db,
    sql`select p.id as value, al.anho || ' - ' || p.nombre as label, p.activo
          from periodos p ${anhoJoin()}
         order by al.anho desc, p.inicio_clases desc, p.id desc`,
  );
}

export async function anhosRegistrados(db: DbOrTx): Promise<number[]> {
  const found = await db.select({ anho: anhosLectivos.anho }).from(anhosLectivos).orderBy(anhosLectivos.anho);
  return found.map((r) => r.anho);
}

/** The id of the academic year, created the first time a period names it. */
export async function anhoLectivoId(db: WriteTx, anho: number): Promise<number> {
  await db.insert(anhosLectivos).values({ anho }).onConflictDoNothing();
  const [row] = await db.select({ id: anhosLectivos.id }).from(anhosLectivos).where(eq(anhosLectivos.anho, anho));
  return row!.id;
}

/**
 * Activating a period deactivates the others in the same transaction. The advisory lock makes two
 * activations at once wait for each other instead of one failing on the one-active index.
 */
export async function deactivateOthers(db: WriteTx, exceptId: number | null): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('periodos.activo'))`);
  await db
    .update(periodos)
    .set({ activo: false })
    .where(and(eq(periodos.activo, true), exceptId === null ? undefined : ne(periodos.id, exceptId)));
}

/** The instants that frame a period: its classes, its enrolment window and the professors' deadlines. */
export interface PeriodoFechas {
  inicioClases: string;
  finClases: string;
  inicioPeriodoInscripcion: string;
  finPeriodoInscripcion: string;
  finCalificarTareas: string;
  finEditarPlaneamiento: string;
}

export interface PeriodoValues extends PeriodoFechas {
  nombre: string;
  anhoLectivoId: number;
  esSemestrePar: boolean;
  activo: boolean;
}

export const periodoWrites = writesById(periodos);

export type SelectionMateria = {
  materiaMallaId: number;
  semestre: number;
  nombre: string;
  codigo: string;
  malla: string;
  carrera: string;
  selected: boolean;
  cantidadInscriptos: number;
};

/**
 * "Materias del periodo": the subjects of the career's active mallas (every career for 0) in the semesters
 * the period offers (even or odd), each marked when the period offers it. Mallas no longer active still
 * show the subjects the period offers.
 */
export async function materiasForSelection(db: DbOrTx, periodoId: number, esSemestrePar: boolean, carreraId: number) {
  return rows<SelectionMateria>(
    db,
    sql`select mm.id as "materiaMallaId", mm.semestre_nro_orden::int as semestre, m.nombre, mm.codigo,
               ma.nombre as malla, c.nombre as carrera,
               exists (select 1 from materias_periodo mp where mp.materia_malla_id = mm.id and mp.periodo_id = ${periodoId}) as selected,
               (select count(*) from materias_periodo mp join inscripciones_materia i on i.materia_periodo_id = mp.id
                 where mp.materia_malla_id = mm.id and mp.periodo_id = ${periodoId})::int as "cantidadInscriptos"
          from materias_malla mm
          join materias m on m.id = mm.materia_id
          join mallas ma on ma.id = mm.malla_id
          join carreras c on c.id = ma.carrera_id
         where mm.semestre_nro_orden % 2 = ${esSemestrePar ? 0 : 1}
           ${carreraId ? sql`and ma.carrera_id = ${carreraId}` : sql``}
           and (ma.activo or exists (select 1 from materias_periodo mp where mp.materia_malla_id = mm.id and mp.periodo_id = ${periodoId}))
         order by mm.semestre_nro_orden, sin_acentos(c.nombre), sin_acentos(ma.nombre), mm.codigo`,
  );
}

export async function findMallaMaterias(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return rows<{ id: number; semestre: number; nombre: string }>(
    db,
    sql`select mm.id, mm.semestre_nro_orden::int as semestre, m.nombre
          from materias_malla mm join materias m on m.id = mm.materia_id
         where mm.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

/** Offers the malla subject in section A unless the period already offers it in some section. */
export async function offerMateria(db: WriteTx, periodoId: number, materiaMallaId: number): Promise<void> {
  await db.execute(
    sql`insert into materias_periodo (materia_malla_id, periodo_id, seccion)
        select ${materiaMallaId}, ${periodoId}, 'A'
         where not exists (select 1 from materias_periodo where materia_malla_id = ${materiaMallaId} and periodo_id = ${periodoId})
        on conflict do nothing`,
  );
}

/** Withdraws every section of the malla subject from the period (enrolments make the key refuse). */
export async function withdrawMateria(db: WriteTx, periodoId: number, materiaMallaId: number): Promise<void> {
  await db
    .delete(materiasPeriodo)
    .where(and(eq(materiasPeriodo.periodoId, periodoId), eq(materiasPeriodo.materiaMallaId, materiaMallaId)));
}

export async function enrolledIn(db: DbOrTx, periodoId: number, materiaMallaId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inscripciones_materia where periodo_id = ${periodoId} and materia_malla_id = ${materiaMallaId}`,
  );
  return row?.n ?? 0;
}
