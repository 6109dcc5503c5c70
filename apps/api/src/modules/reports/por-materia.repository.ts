import { sql, type SQL } from 'drizzle-orm';
import type { PorMateriaFilters, PorMateriaItem } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { offsetOf } from '../../lib/search.js';
import { allOf, type PageSlice, type Slice } from './report-filters.js';
import { teachesSql } from '../access/access.sql.js';

/** Keyset of the attendance and PP report: surname, name, enrolment. */
export interface PorMateriaKey {
  apellido: string;
  nombre: string;
  id: number;
}

type Row = PorMateriaItem;

/** The subject-period's enrolments, narrowed by the other filters (a subject outside them gives none). */
function where(f: PorMateriaFilters): SQL {
  return allOf([
    sql`i.materia_periodo_id = ${f.materiaId}`,
    f.periodoId && sql`i.periodo_id = ${f.periodoId}`,
    f.semestre && sql`mm.semestre_nro_orden = ${f.semestre}`,
    f.carreraId && sql`mmc.carrera_id = ${f.carreraId}`,
  ]);
}

const FROM = sql`
  from inscripciones_materia_vigentes i
  join materias_malla mm on mm.id = i.materia_malla_id
  join mallas mmc on mmc.id = mm.malla_id
  join materias ma on ma.id = mm.materia_id
  join perfiles_alumno pa on pa.id = i.perfil_alumno_id
  join usuarios u on u.id = pa.usuario_id
  join mallas m on m.id = pa.malla_id
  join carreras c on c.id = m.carrera_id`;

const COLUMNS = sql`
  i.id, i.perfil_alumno_id as "perfilAlumnoId", u.numero_documento as "numeroDocumento", u.apellido, u.nombre,
  u.telefono_celular as telefono, u.email as correo, ma.nombre as materia,
  extract(year from pa.fecha_ingreso)::int as "anhoIngreso", c.nombre as carrera,
  mm.semestre_nro_orden::int as semestre, i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
  i.porcentaje_pp::float8 as "porcentajePP"`;

const ORDER = sql`order by u.apellido, u.nombre, i.id`;

/** 'Reporte de Asistencias y Pruebas Parciales': the students of one subject-period, by surname. */
export async function porMateriaPage(db: DbOrTx, f: PorMateriaFilters, q: PageSlice) {
  return rows<Row & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over ()::int as total ${FROM} where ${where(f)}
        ${ORDER} limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`,
  );
}

export async function porMateriaBatch(db: DbOrTx, f: PorMateriaFilters, s: Slice<PorMateriaKey>) {
  const after = s.after && sql`(u.apellido, u.nombre, i.id) > (${s.after.apellido}, ${s.after.nombre}, ${s.after.id})`;
  return rows<Row>(db, sql`select ${COLUMNS} ${FROM} where ${allOf([where(f), after])} ${ORDER} limit ${s.size}`);
}

/** Lower bounds of the chart's ranges: 50 is the PP a final exam needs, 70 the attendance (DOMAIN.md 6). */
export const RANGOS = [
  { rango: '0 a 49', desde: 0, hasta: 50 },
  { rango: '50 a 69', desde: 50, hasta: 70 },
  { rango: '70 a 89', desde: 70, hasta: 90 },
  { rango: '90 a 100', desde: 90, hasta: 101 },
] as const;
export const SIN_DATO = 'Sin dato';

/** How many students fall in each range of % Asistencia and % PP. */
export async function porMateriaRangos(db: DbOrTx, f: PorMateriaFilters) {
  const counts = (column: SQL) => [
    ...RANGOS.map((r) => sql`count(*) filter (where ${column} >= ${r.desde} and ${column} < ${r.hasta})::int`),
    sql`count(*) filter (where ${column} is null)::int`,
  ];
  const [row] = await rows<{ asistencia: number[]; pp: number[] }>(
    db,
    sql`select array[${sql.join(counts(sql`i.porcentaje_asistencia`), sql`, `)}] as asistencia,
               array[${sql.join(counts(sql`i.porcentaje_pp`), sql`, `)}] as pp
          ${FROM} where ${where(f)}`,
  );
  return [...RANGOS.map((r) => r.rango), SIN_DATO].map((rango, k) => ({
    rango,
    asistencia: Number(row?.asistencia[k] ?? 0),
    pp: Number(row?.pp[k] ?? 0),
  }));
}

/** The subject-period if it exists and, for a professor, only if they teach it. */
export async function materiaVisible(db: DbOrTx, materiaPeriodoId: number, profesorId: number | null) {
  const found = await rows<{ id: number }>(
    db,
    sql`select mp.id from materias_periodo mp where mp.id = ${materiaPeriodoId}
        ${profesorId === null ? sql`` : sql`and ${teachesSql(sql`mp.id`, profesorId)}`}`,
  );
  return found.length > 0;
}
