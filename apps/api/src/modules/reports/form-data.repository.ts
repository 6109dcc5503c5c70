import { sql } from 'drizzle-orm';
import type { Option, ReportMateria } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { allOf, alumnoMatches } from './report-filters.js';
import { anhoJoin, periodoJoin, periodoLabel, taughtByUserSql } from '../access/access.sql.js';
import { documentoLabel } from '../../lib/documento-sql.js';

type OptionRow = Option & { [key: string]: unknown };

export async function periodos(db: DbOrTx) {
  return rows<OptionRow & { activo: boolean }>(
    db,
    sql`select p.id as value, ${periodoLabel()} as label, p.activo
          from periodos p ${anhoJoin()}
         order by al.anho desc, p.es_semestre_par desc, p.id desc`,
  );
}

export async function carreras(db: DbOrTx) {
  return rows<OptionRow>(db, sql`select id as value, nombre as label from carreras where activo order by nombre`);
}

export async function mallas(db: DbOrTx) {
  return rows<OptionRow & { carreraId: number }>(
    db,
    sql`select m.id as value, m.nombre || ' - ' || c.nombre as label, m.carrera_id as "carreraId"
          from mallas m join carreras c on c.id = m.carrera_id order by c.nombre, m.nombre`,
  );
}

/**
 * The subject-periods of a period, 'COD - Materia (Sección) · Carrera · 2026 - Primer Semestre': one subject
 * is offered in several careers' mallas, so code, name and section alone repeat (issue 34 item 15).
 */
export async function materias(db: DbOrTx, periodoId: number, profesorId: number | null) {
  return rows<ReportMateria & { [key: string]: unknown }>(
    db,
    sql`select mp.id as "materiaId", m.carrera_id as "carreraId", mp.periodo_id as "periodoId",
               mm.semestre_nro_orden::int as semestre,
               mm.codigo || ' - ' || ma.nombre || ' (' || mp.seccion || ') · ' || c.nombre || ' · '
                 || ${periodoLabel()} as label
          from materias_periodo mp
          join materias_malla mm on mm.id = mp.materia_malla_id
          join materias ma on ma.id = mm.materia_id
          join mallas m on m.id = mm.malla_id
          join carreras c on c.id = m.carrera_id
          ${periodoJoin()}
         where mp.periodo_id = ${periodoId}
           ${profesorId === null ? sql`` : sql`and mp.id in ${taughtByUserSql(profesorId)}`}
         order by mm.semestre_nro_orden, ma.nombre, mp.seccion, c.nombre`,
  );
}

/** GET /api/students/reporte_alumnos: up to 20 students, by legajo, whose legajo or name matches. */
export async function alumnoOptions(db: DbOrTx, search: string | undefined) {
  return rows<OptionRow>(
    db,
    sql`select pa.id as value,
               pa.numero_legajo || ' - ' || u.apellido || ', ' || u.nombre || ' (' || ${documentoLabel(sql`u.numero_documento`)} || ')' as label
          from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
         where ${allOf(alumnoMatches(sql`pa`, search))}
         order by pa.numero_legajo limit 20`,
  );
}
