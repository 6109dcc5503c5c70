import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import type { WriteTx } from '../../db/tx.js';
import type { RectificacionRow } from '../exams/rectifications.service.js';

export type FigurasMateria = { porcentajeAsistencia: number | null; porcentajePP: number | null };

/**
 * The subject-period's state, its row locked so two rectifications of one subject-period take their numbers
 * one after the other.
 */
export async function lockMateriaPeriodo(db: DbOrTx, id: number): Promise<{ estado: number } | undefined> {
  const [row] = await rows<{ estado: number }>(
    db,
    sql`select estado::int as estado from materias_periodo where id = ${id} for update`,
  );
  return row;
}

/** A student's figures now in the subject-period: the last rectification's, else the enrolment's. */
export async function currentFigures(
  db: DbOrTx,
  materiaPeriodoId: number,
  inscripcionId: number,
): Promise<FigurasMateria | undefined> {
  const [row] = await rows<FigurasMateria>(
    db,
    sql`select porcentaje_asistencia::float8 as "porcentajeAsistencia", porcentaje_pp::float8 as "porcentajePP"
          from inscripciones_materia_vigentes
         where id = ${inscripcionId} and materia_periodo_id = ${materiaPeriodoId}`,
  );
  return row;
}

export interface NewRectificacionMateria extends FigurasMateria {
  materiaPeriodoId: number;
  inscripcionId: number;
  usuarioId: number;
  motivo: string;
}

/**
 * Writes one rectification. The database's trigger checks the subject-period is sealed and the user may
 * rectify, and fills the number, the date and the figures it replaces (migration 0036): the placeholders given
 * here for those columns are overwritten.
 */
export async function insertRectificacion(db: WriteTx, r: NewRectificacionMateria): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into rectificaciones_materia
          (materia_periodo_id, inscripcion_materia_id, numero, nro_rectificacion, motivo, usuario_id,
           porcentaje_asistencia, porcentaje_pp)
        values (${r.materiaPeriodoId}, ${r.inscripcionId}, 0, '', ${r.motivo}, ${r.usuarioId},
                ${r.porcentajeAsistencia}, ${r.porcentajePP})
        returning id`,
  );
  return row!.id;
}

export type RectificacionMateriaDb = RectificacionRow<FigurasMateria> & { materiaPeriodoId: number };

const SELECT = sql`select r.id, r.materia_periodo_id as "materiaPeriodoId", r.inscripcion_materia_id as "inscripcionId",
       i.perfil_alumno_id as "perfilAlumnoId", u.apellido || ', ' || u.nombre as alumno,
       u.numero_documento as "numeroDocumento", r.numero, r.nro_rectificacion as "nroRectificacion", r.motivo,
       ur.apellido || ', ' || ur.nombre as usuario, ${isoInstant(sql`r.fecha`)} as fecha,
       json_build_object('porcentajeAsistencia', r.anterior_asistencia::float8,
                         'porcentajePP', r.anterior_pp::float8) as anterior,
       json_build_object('porcentajeAsistencia', r.porcentaje_asistencia::float8,
                         'porcentajePP', r.porcentaje_pp::float8) as nuevo
  from rectificaciones_materia r
  join inscripciones_materia i on i.id = r.inscripcion_materia_id
  join perfiles_alumno pa on pa.id = i.perfil_alumno_id
  join usuarios u on u.id = pa.usuario_id
  join usuarios ur on ur.id = r.usuario_id`;

/** A subject-period's rectifications, in the order they were sealed. */
export async function listRectificaciones(db: DbOrTx, materiaPeriodoId: number): Promise<RectificacionMateriaDb[]> {
  return rows<RectificacionMateriaDb>(
    db,
    sql`${SELECT} where r.materia_periodo_id = ${materiaPeriodoId} order by r.numero`,
  );
}

export async function findRectificacion(db: DbOrTx, id: number): Promise<RectificacionMateriaDb | undefined> {
  const [row] = await rows<RectificacionMateriaDb>(db, sql`${SELECT} where r.id = ${id}`);
  return row;
}
