import { sql, type SQL } from 'drizzle-orm';
import type { InscriptoItem, InscriptosFilters } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { offsetOf, searchWords } from '../../lib/search.js';
import { allOf, alumnoMatches, type PageSlice, type Slice } from './report-filters.js';
import { anhoJoin, periodoLabel } from '../access/access.sql.js';

/** Keyset of the enrolled-students report: newest period first, then the student record. */
export interface InscriptoKey {
  periodoId: number;
  perfilAlumnoId: number;
}

type Row = InscriptoItem;

/** The enrolments, or the kept groups of `inscriptos_periodo`, the filters keep (alias `i`). */
function enrolmentsWhere(f: InscriptosFilters): SQL {
  const perfiles: SQL[] = [];
  if (f.mallaId) perfiles.push(sql`pa.malla_id = ${f.mallaId}`);
  if (f.carreraId)
    perfiles.push(sql`pa.malla_id in (select mc.id from mallas mc where mc.carrera_id = ${f.carreraId})`);
  perfiles.push(...alumnoMatches(sql`pa`, f.search));
  return allOf([
    f.periodoId && sql`i.periodo_id = ${f.periodoId}`,
    perfiles.length > 0 && sql`i.perfil_alumno_id in (select pa.id from perfiles_alumno pa where ${allOf(perfiles)})`,
  ]);
}

/** The columns of a row, over `g` (periodo_id, perfil_alumno_id, cantidad). */
const SELECT_ROW = sql`
  select g.perfil_alumno_id as "perfilAlumnoId", g.periodo_id as "periodoId", ${periodoLabel()} as periodo,
         m.nombre as malla, c.nombre as carrera, pa.numero_legajo as "numeroLegajo",
         u.numero_documento as "numeroDocumento", u.nombre, u.apellido, g.cantidad as "cantidadMaterias"`;
const JOINS = sql`
    join perfiles_alumno pa on pa.id = g.perfil_alumno_id
    join usuarios u on u.id = pa.usuario_id
    join mallas m on m.id = pa.malla_id
    join carreras c on c.id = m.carrera_id
    join periodos p on p.id = g.periodo_id
    ${anhoJoin()}`;
const ORDER = sql`order by g.periodo_id desc, g.perfil_alumno_id`;

/**
 * 'Reporte de alumnos' (enrolled): one row per student and period with the number of subjects taken. The
 * groups are kept by triggers in `inscriptos_periodo` (migration 0015), so the page is read off its
 * (periodo_id desc, perfil_alumno_id) index and only the page is joined to names; the exact total counts the
 * kept groups, not the enrolments. A text search keeps few groups (794 for 'maria' in a period and career at
 * 100,000 students) that cost their search to find: they are found once, then sorted and counted, instead of
 * once for the page and again for the total (p95 36 ms there).
 */
export async function inscriptosPage(db: DbOrTx, f: InscriptosFilters, q: PageSlice) {
  const filter = enrolmentsWhere(f);
  const limit = sql`limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`;
  const g =
    searchWords(f.search).length > 0
      ? sql`encontrados as materialized (
              select i.periodo_id, i.perfil_alumno_id, i.cantidad from inscriptos_periodo i where ${filter}),
            g as (select e.*, count(*) over ()::int as total from encontrados e
                   order by e.periodo_id desc, e.perfil_alumno_id ${limit})`
      : sql`g as (select i.periodo_id, i.perfil_alumno_id, i.cantidad,
                         (select count(*) from inscriptos_periodo i where ${filter})::int as total
                    from inscriptos_periodo i where ${filter}
                   order by i.periodo_id desc, i.perfil_alumno_id ${limit})`;
  return rows<Row & { total: number }>(db, sql`with ${g} ${SELECT_ROW}, g.total from g ${JOINS} ${ORDER}`);
}

/**
 * One batch of the download, after `s.after` in the list's order. "After (P, A)" is the rest of period P
 * past student A, then the older periods: two range scans of the (periodo_id desc, perfil_alumno_id) index,
 * each stopping at `size` rows. (One `periodo_id < P or (…)` condition made every batch read the whole
 * table: 21 s for 85,710 rows when the groups were made from the enrolments, bench/README.md.)
 */
export async function inscriptosBatch(db: DbOrTx, f: InscriptosFilters, s: Slice<InscriptoKey>) {
  const groups = (after: SQL | undefined) =>
    sql`(select i.periodo_id, i.perfil_alumno_id, i.cantidad
           from inscriptos_periodo i where ${allOf([enrolmentsWhere(f), after])}
          order by i.periodo_id desc, i.perfil_alumno_id limit ${s.size})`;
  const candidates = s.after
    ? sql`${groups(sql`i.periodo_id = ${s.after.periodoId} and i.perfil_alumno_id > ${s.after.perfilAlumnoId}`)}
          union all ${groups(sql`i.periodo_id < ${s.after.periodoId}`)}`
    : groups(undefined);
  return rows<Row>(
    db,
    sql`with g as (select * from (${candidates}) c order by c.periodo_id desc, c.perfil_alumno_id limit ${s.size})
        ${SELECT_ROW} from g ${JOINS} ${ORDER}`,
  );
}

/** Enrolments per semester of the subject, for the chart beside the list. */
export async function inscriptosPorSemestre(db: DbOrTx, f: InscriptosFilters) {
  return rows<{ semestre: number; inscripciones: number }>(
    db,
    sql`select mm.semestre_nro_orden::int as semestre, count(*)::int as inscripciones
          from inscripciones_materia i join materias_malla mm on mm.id = i.materia_malla_id
         where ${enrolmentsWhere(f)}
         group by mm.semestre_nro_orden order by mm.semestre_nro_orden`,
  );
}
