import { sql, type SQL } from 'drizzle-orm';
import type { AlumnoReportItem, AlumnosFilters } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { offsetOf } from '../../lib/search.js';
import { allOf, type PageSlice, type Slice } from './report-filters.js';
import { facultyZone } from '../../db/faculty-zone.js';

type Row = AlumnoReportItem;

/**
 * The student records the filters keep (alias `pa`): of the career, and, when a period, semester or
 * subject is chosen, enrolled in a subject that matches all of them.
 */
function where(f: AlumnosFilters): SQL {
  // A semester or subject: the enrolments of the matching subject-periods (by the subject-period's index; an
  // enrolment's period and malla subject are its subject-period's, by the composite foreign key). Filtering
  // the period's 371,000 enrolments by malla subject took 65 ms at 100,000 students when none matched.
  const materiasPeriodo = allOf([
    f.periodoId && sql`mp.periodo_id = ${f.periodoId}`,
    f.materiaId && sql`mp.id = ${f.materiaId}`,
    f.semestre &&
      sql`mp.materia_malla_id in (select sm.id from materias_malla sm where sm.semestre_nro_orden = ${f.semestre})`,
  ]);
  // A period alone: its students are the period's kept groups (migration 0015), a fifth of its enrolments.
  const enrolled =
    f.materiaId || f.semestre
      ? sql`pa.id in (select i.perfil_alumno_id from inscripciones_materia i
                       where i.materia_periodo_id in (select mp.id from materias_periodo mp where ${materiasPeriodo}))`
      : f.periodoId &&
        sql`pa.id in (select g.perfil_alumno_id from inscriptos_periodo g where g.periodo_id = ${f.periodoId})`;
  return allOf([
    f.carreraId && sql`pa.malla_id in (select mc.id from mallas mc where mc.carrera_id = ${f.carreraId})`,
    enrolled,
  ]);
}

/**
 * The columns of a row over `pa`, joined to the page (or batch) only. The semesters of the page's students
 * are grouped in one pass: a subquery per row scanned and hashed the 260 malla subjects again for each.
 */
function selectRow(f: AlumnosFilters, extra: SQL = sql``): SQL {
  return sql`
  select ${extra} pa.id, pa.numero_legajo as "numeroLegajo", u.numero_documento as "numeroDocumento", u.apellido, u.nombre,
         extract(year from age((now() at time zone ${facultyZone})::date, u.fecha_nacimiento))::int as edad,
         pn.nombre as nacionalidad, u.arancel_cero as "arancelCero",
         to_char(u.fecha_fin_arancel_cero, 'YYYY-MM-DD') as "fechaFinArancelCero",
         u.telefono_celular as telefono, u.email as correo, u.genero::int as genero,
         extract(year from pa.fecha_ingreso)::int as "anhoIngreso", c.nombre as carrera, s.semestre
    from pa
    join usuarios u on u.id = pa.usuario_id
    left join paises pn on pn.id = u.nacionalidad_pais_id
    join mallas m on m.id = pa.malla_id
    join carreras c on c.id = m.carrera_id
    left join (select si.perfil_alumno_id, max(sm.semestre_nro_orden)::int as semestre
                 from inscripciones_materia si join materias_malla sm on sm.id = si.materia_malla_id
                where si.perfil_alumno_id in (select pa.id from pa) ${f.periodoId ? sql`and si.periodo_id = ${f.periodoId}` : sql``}
                group by si.perfil_alumno_id) s on s.perfil_alumno_id = pa.id
   order by pa.numero_legajo`;
}

/**
 * The general student report, in legajo order. Without a filter on enrolments the page comes off the legajo
 * index and the total from a count beside it. A period (and career) alone is read off the period's kept
 * groups, which carry each student's malla and legajo (migration 0018): one index range, in legajo order,
 * counted and cut to the page without reading a record (hashing the career's 20,000 records against the
 * period's 71,425 groups took p95 36 ms at 100,000 students). With a semester or subject, the matching
 * records are gathered first and then sorted and counted: left alone the planner walked all 20,000 records
 * in legajo order probing each (350 ms when nothing matched, bench/README.md).
 */
export async function alumnosPage(db: DbOrTx, f: AlumnosFilters, q: PageSlice) {
  const filter = where(f);
  const limit = sql`limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`;
  let pa: SQL;
  if (f.materiaId || f.semestre) {
    pa = sql`encontrados as materialized (select pa.* from perfiles_alumno pa where ${filter}),
             pa as (select e.*, count(*) over ()::int as total from encontrados e order by e.numero_legajo ${limit})`;
  } else if (f.periodoId) {
    const groups = allOf([
      sql`g.periodo_id = ${f.periodoId}`,
      f.carreraId && sql`g.malla_id in (select mc.id from mallas mc where mc.carrera_id = ${f.carreraId})`,
    ]);
    pa = sql`pagina as (select g.perfil_alumno_id, count(*) over ()::int as total from inscriptos_periodo g
                         where ${groups} order by g.numero_legajo ${limit}),
             pa as (select pa.*, pagina.total from pagina join perfiles_alumno pa on pa.id = pagina.perfil_alumno_id)`;
  } else {
    pa = sql`pa as (select pa.*, (select count(*) from perfiles_alumno pa where ${filter})::int as total
                      from perfiles_alumno pa where ${filter} order by pa.numero_legajo ${limit})`;
  }
  return rows<Row & { total: number }>(db, sql`with ${pa} ${selectRow(f, sql`pa.total,`)}`);
}

export async function alumnosBatch(db: DbOrTx, f: AlumnosFilters, s: Slice<number>) {
  const after = s.after === undefined ? undefined : sql`pa.numero_legajo > ${s.after}`;
  return rows<Row>(
    db,
    sql`with pa as (select pa.* from perfiles_alumno pa where ${allOf([where(f), after])}
                     order by pa.numero_legajo limit ${s.size})
        ${selectRow(f)}`,
  );
}

/** Students per career and gender, for the chart beside the list. */
export async function alumnosPorCarrera(db: DbOrTx, f: AlumnosFilters) {
  return rows<{ carrera: string; masculino: number; femenino: number; otro: number }>(
    db,
    sql`select c.nombre as carrera, count(*) filter (where u.genero = 1)::int as masculino,
               count(*) filter (where u.genero = 2)::int as femenino,
               count(*) filter (where u.genero not in (1, 2))::int as otro
          from perfiles_alumno pa
          join usuarios u on u.id = pa.usuario_id
          join mallas m on m.id = pa.malla_id
          join carreras c on c.id = m.carrera_id
         where ${where(f)}
         group by c.nombre order by c.nombre`,
  );
}
