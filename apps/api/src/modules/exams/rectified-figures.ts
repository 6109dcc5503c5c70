import { sql, type SQL } from 'drizzle-orm';
import { EstadoExamen } from '@arandu/shared';

/** The acta rectificativa that set a row's current figures: what a reader shows and links to (decision 021). */
export interface RectificacionVigente {
  id: number;
  nroRectificacion: string;
  codigo: string;
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
  calificacion: number;
}

/**
 * The latest rectification of exam enrolment `ie` on the version exam `e` is sealed with, as `rx` (issue 44):
 * the same rows `resultados_examen` counts, so a list of exams, the exam's own screen and the academic status
 * never disagree. A reopened and resealed exam has a new code, so an older rectification stops counting.
 */
export const rectificacionJoin = (ie: string, e: string) => sql`left join lateral (
    select rx.id, rx.nro_rectificacion, rx.codigo_verificacion, rx.porcentaje_asistencia, rx.porcentaje_pp,
           rx.porcentaje_pf, rx.porcentaje_pc, rx.calificacion
      from rectificaciones_examen rx
     where rx.inscripcion_examen_id = ${sql.identifier(ie)}.id
       and rx.codigo_acta = ${sql.identifier(e)}.codigo_verificacion
       and ${sql.identifier(e)}.estado = ${EstadoExamen.Sellado}
     order by rx.numero desc limit 1) rx on true`;

/** `rx` as one JSON column (null when the row was never rectified), read into a `RectificacionVigente`. */
export const rectificacionColumn: SQL = sql`case when rx.id is null then null else json_build_object(
    'id', rx.id, 'nroRectificacion', rx.nro_rectificacion, 'codigo', rx.codigo_verificacion,
    'porcentajeAsistencia', rx.porcentaje_asistencia::float8, 'porcentajePP', rx.porcentaje_pp::float8,
    'porcentajePF', rx.porcentaje_pf::float8, 'porcentajePC', rx.porcentaje_pc::float8,
    'calificacion', rx.calificacion::int) end`;

type Figuras = Pick<
  RectificacionVigente,
  'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC' | 'calificacion'
>;

/**
 * A row as every reader but the sealed acta shows it: the rectified figures in place of the acta's, and which
 * acta rectificativa set them (`rectificacion`, null when none). The printed acta keeps its own figures.
 */
export function withRectificacion<T extends Figuras & { rectificacion: RectificacionVigente | null }>(
  row: T,
): Omit<T, 'rectificacion'> & { rectificacion: { id: number; nroRectificacion: string; codigo: string } | null } {
  const r = row.rectificacion;
  if (!r) return { ...row, rectificacion: null };
  return {
    ...row,
    porcentajeAsistencia: r.porcentajeAsistencia,
    porcentajePP: r.porcentajePP,
    porcentajePF: r.porcentajePF,
    porcentajePC: r.porcentajePC,
    calificacion: r.calificacion,
    rectificacion: { id: r.id, nroRectificacion: r.nroRectificacion, codigo: r.codigo },
  };
}
