import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import type { WriteTx } from '../../db/tx.js';
import { materiaJoin } from '../access/access.sql.js';

const num = (column: SQL) => sql`${column}::float8`;

export type Figuras = {
  porcentajeAsistencia: number | null;
  porcentajePP: number | null;
  porcentajePF: number | null;
  porcentajePC: number | null;
  calificacion: number;
};

/** A student's figures on the sealed version `codigoActa` after its last rectification, if it has one. */
export async function lastRectified(
  db: DbOrTx,
  inscripcionId: number,
  codigoActa: string,
): Promise<Figuras | undefined> {
  const [row] = await rows<Figuras>(
    db,
    sql`select ${num(sql`porcentaje_asistencia`)} as "porcentajeAsistencia", ${num(sql`porcentaje_pp`)} as "porcentajePP",
               ${num(sql`porcentaje_pf`)} as "porcentajePF", ${num(sql`porcentaje_pc`)} as "porcentajePC",
               calificacion::int as calificacion
          from rectificaciones_examen
         where inscripcion_examen_id = ${inscripcionId} and codigo_acta = ${codigoActa}
         order by numero desc limit 1`,
  );
  return row;
}

export interface NewRectificacion extends Figuras {
  examenId: number;
  inscripcionId: number;
  usuarioId: number;
  motivo: string;
  codigoVerificacion: string;
}

/**
 * Writes one acta rectificativa. The database's trigger checks the exam is sealed and the user may rectify,
 * and fills the acta's code, the number, the date and the figures it replaces (migration 0025): the values
 * given here for those columns are placeholders it overwrites.
 */
export async function insertRectificacion(db: WriteTx, r: NewRectificacion): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into rectificaciones_examen
          (examen_id, inscripcion_examen_id, codigo_acta, numero, nro_rectificacion, codigo_verificacion, motivo,
           usuario_id, anterior_calificacion, porcentaje_asistencia, porcentaje_pp, porcentaje_pf, porcentaje_pc,
           calificacion)
        values (${r.examenId}, ${r.inscripcionId}, '', 0, '', ${r.codigoVerificacion}, ${r.motivo}, ${r.usuarioId}, 0,
                ${r.porcentajeAsistencia}, ${r.porcentajePP}, ${r.porcentajePF}, ${r.porcentajePC}, ${r.calificacion})
        returning id`,
  );
  return row!.id;
}

/** What a rectification of either kind (an exam's, a subject-period's) lists: its student, number, reason, who, when and the figures `F`. */
export type RectificacionRow<F> = {
  id: number;
  inscripcionId: number;
  perfilAlumnoId: number;
  alumno: string;
  numeroDocumento: string;
  numero: number;
  nroRectificacion: string;
  motivo: string;
  usuario: string;
  fecha: string;
  anterior: F;
  nuevo: F;
};

export type RectificacionDb = RectificacionRow<Figuras> & {
  examenId: number;
  instancia: number;
  nroActa: string;
  codigoActa: string;
  codigoVerificacion: string;
  vigente: boolean;
};

/** The figures a rectification replaced and the ones it sets, as two objects. */
const ANTERIOR = sql`json_build_object('porcentajeAsistencia', r.anterior_asistencia::float8,
  'porcentajePP', r.anterior_pp::float8, 'porcentajePF', r.anterior_pf::float8, 'porcentajePC', r.anterior_pc::float8,
  'calificacion', r.anterior_calificacion::int)`;
const NUEVO = sql`json_build_object('porcentajeAsistencia', r.porcentaje_asistencia::float8,
  'porcentajePP', r.porcentaje_pp::float8, 'porcentajePF', r.porcentaje_pf::float8, 'porcentajePC', r.porcentaje_pc::float8,
  'calificacion', r.calificacion::int)`;

const RECTIFICACION_SELECT = sql`select r.id, r.examen_id as "examenId", r.inscripcion_examen_id as "inscripcionId",
       ie.perfil_alumno_id as "perfilAlumnoId", u.apellido || ', ' || u.nombre as alumno,
       u.numero_documento as "numeroDocumento", ie.instancia::int as instancia, r.numero,
       r.nro_rectificacion as "nroRectificacion", a.nro_acta as "nroActa", r.codigo_acta as "codigoActa",
       r.codigo_verificacion as "codigoVerificacion", r.motivo, ur.apellido || ', ' || ur.nombre as usuario,
       ${isoInstant(sql`r.fecha`)} as fecha,
       ${ANTERIOR} as anterior, ${NUEVO} as nuevo,
       (e.estado = 1 and e.codigo_verificacion = r.codigo_acta) as vigente
  from rectificaciones_examen r
  join examenes e on e.id = r.examen_id
  join actas_selladas a on a.codigo = r.codigo_acta
  join inscripciones_examen ie on ie.id = r.inscripcion_examen_id
  join perfiles_alumno pa on pa.id = ie.perfil_alumno_id
  join usuarios u on u.id = pa.usuario_id
  join usuarios ur on ur.id = r.usuario_id`;

/** An exam's rectifications, in the order they were sealed. */
export async function listRectificaciones(db: DbOrTx, examenId: number): Promise<RectificacionDb[]> {
  return rows<RectificacionDb>(db, sql`${RECTIFICACION_SELECT} where r.examen_id = ${examenId} order by r.numero`);
}

export async function findRectificacion(db: DbOrTx, id: number): Promise<RectificacionDb | undefined> {
  const [row] = await rows<RectificacionDb>(db, sql`${RECTIFICACION_SELECT} where r.id = ${id}`);
  return row;
}

export type RectificacionVerificacionDb = {
  codigo: string;
  nroRectificacion: string;
  nroActa: string;
  codigoActa: string;
  materia: string;
  fecha: string;
  vigente: boolean;
};

/** What the public page of an acta rectificativa shows: no names, no figures. */
export async function findRectificacionByCode(db: DbOrTx, codigo: string) {
  const [row] = await rows<RectificacionVerificacionDb>(
    db,
    sql`select r.codigo_verificacion as codigo, r.nro_rectificacion as "nroRectificacion", a.nro_acta as "nroActa",
               r.codigo_acta as "codigoActa", m.nombre as materia, ${isoInstant(sql`r.fecha`)} as fecha,
               (e.estado = 1 and e.codigo_verificacion = r.codigo_acta) as vigente
          from rectificaciones_examen r
          join examenes e on e.id = r.examen_id
          join actas_selladas a on a.codigo = r.codigo_acta
          join materias_periodo mp on mp.id = e.materia_periodo_id
          ${materiaJoin()}
         where r.codigo_verificacion = ${codigo}`,
  );
  return row;
}

/** The actas rectificativas of one sealed version, oldest first: what its public verification lists. */
export async function rectificacionesDeActa(db: DbOrTx, codigoActa: string) {
  return rows<{ nroRectificacion: string; fecha: string; codigo: string }>(
    db,
    sql`select nro_rectificacion as "nroRectificacion", ${isoInstant(sql`fecha`)} as fecha,
               codigo_verificacion as codigo
          from rectificaciones_examen
         where codigo_acta = ${codigoActa}
         order by numero`,
  );
}
