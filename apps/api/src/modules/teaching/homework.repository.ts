import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materiasPeriodo, tareasMateria } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { cellSaveChecks, PUNTAJE_CELLS, writeCell, type CellSaveChecks } from './cell-writes.repository.js';
import { containsText, isoInstant, offsetOf, toPage, whereAll } from '../../lib/search.js';
import type { EntregaConfig } from '@arandu/shared';
import { entregaConfigSql } from '../hand-ins/hand-ins.sql.js';
import type { WriteTx } from '../../db/tx.js';

export type TareaRow = {
  id: number;
  materiaPeriodoId: number;
  descripcion: string;
  fechaEntrega: string;
  tipoTarea: number;
  puntajeTotal: number;
  porcentajePesoMateria: number;
  cantidadInscriptos: number;
  entrega: EntregaConfig | null;
  devolucionesPublicadasEn: string | null;
};

const TAREA_COLUMNS = sql`t.id, t.materia_periodo_id as "materiaPeriodoId", t.descripcion,
  to_char(t.fecha_entrega, 'YYYY-MM-DD') as "fechaEntrega", t.tipo_tarea::int as "tipoTarea",
  t.puntaje_total::float8 as "puntajeTotal", t.porcentaje_peso_materia::float8 as "porcentajePesoMateria",
  (select count(*) from tareas_materia_alumnos s where s.tarea_materia_id = t.id)::int as "cantidadInscriptos",
  ${entregaConfigSql('t')} as entrega, ${isoInstant(sql`t.devoluciones_publicadas_en`)} as "devolucionesPublicadasEn"`;

export async function listTareas(
  db: DbOrTx,
  materiaPeriodoId: number,
  page: number,
  pageSize: number,
  search?: string,
) {
  const found = await rows<TareaRow & { total: number }>(
    db,
    sql`select ${TAREA_COLUMNS}, count(*) over()::int as total
          from tareas_materia t
          ${whereAll([sql`t.materia_periodo_id = ${materiaPeriodoId}`, containsText(sql`t.descripcion`, search)])}
         order by t.fecha_entrega, t.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findTarea(db: DbOrTx, id: number): Promise<TareaRow | undefined> {
  const [row] = await rows<TareaRow>(db, sql`select ${TAREA_COLUMNS} from tareas_materia t where t.id = ${id}`);
  return row;
}

/** Every homework of the subject-period, in column order (Calificaciones, the download). */
export async function tareasOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<TareaRow>(
    db,
    sql`select ${TAREA_COLUMNS} from tareas_materia t where t.materia_periodo_id = ${materiaPeriodoId}
         order by t.fecha_entrega, t.id`,
  );
}

/** The enrolled students with their score of one homework (null when not scored). */
export async function puntajesOf(db: DbOrTx, tarea: { id: number; materiaPeriodoId: number }) {
  return rows<{
    id: number;
    inscripcionMateriaId: number;
    tareaMateriaId: number;
    numeroDocumento: string;
    nombre: string;
    apellido: string;
    puntajeObtenido: number | null;
    secuencia: number;
  }>(
    db,
    sql`select coalesce(s.id, 0) as id, i.id as "inscripcionMateriaId", ${tarea.id}::int as "tareaMateriaId",
               u.numero_documento as "numeroDocumento", u.nombre, u.apellido,
               s.puntaje_obtenido::float8 as "puntajeObtenido", coalesce(s.secuencia, 0)::float8 as secuencia
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          left join tareas_materia_alumnos s on s.tarea_materia_id = ${tarea.id} and s.inscripcion_materia_id = i.id
         where i.materia_periodo_id = ${tarea.materiaPeriodoId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id`,
  );
}

/** Locks the subject-period row: homework saves and weight changes of one subject-period go one at a time. */
export async function lockMateriaPeriodo(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: materiasPeriodo.id, utilizaPorcentajePesoMateria: materiasPeriodo.utilizaPorcentajePesoMateria })
    .from(materiasPeriodo)
    .where(eq(materiasPeriodo.id, id))
    .for('update');
  return row;
}

/** Sum of the weights of the subject-period's homework other than `exceptId`. */
export async function otherWeights(db: DbOrTx, materiaPeriodoId: number, exceptId?: number | null) {
  const [row] = await rows<{ sum: number }>(
    db,
    sql`select coalesce(sum(porcentaje_peso_materia), 0)::float8 as sum from tareas_materia
         where materia_periodo_id = ${materiaPeriodoId} and id <> ${exceptId ?? 0}`,
  );
  return row?.sum ?? 0;
}

export async function maxPuntaje(db: DbOrTx, tareaId: number) {
  const [row] = await rows<{ max: number | null }>(
    db,
    sql`select max(puntaje_obtenido)::float8 as max from tareas_materia_alumnos where tarea_materia_id = ${tareaId}`,
  );
  return row?.max ?? null;
}

export type TareaValues = Pick<
  typeof tareasMateria.$inferInsert,
  'descripcion' | 'fechaEntrega' | 'tipoTarea' | 'puntajeTotal' | 'porcentajePesoMateria'
> &
  Partial<
    Pick<
      typeof tareasMateria.$inferInsert,
      'entregaHasta' | 'entregaTipos' | 'entregaMaxArchivos' | 'entregaMaxMb' | 'entregaAtrasoHasta'
    >
  >;

export async function insertTarea(db: WriteTx, materiaPeriodoId: number, values: TareaValues) {
  const [row] = await db
    .insert(tareasMateria)
    .values({ materiaPeriodoId, ...values })
    .returning({ id: tareasMateria.id });
  return row!.id;
}

export async function updateTarea(db: WriteTx, id: number, materiaPeriodoId: number, values: TareaValues) {
  const done = await db
    .update(tareasMateria)
    .set(values)
    .where(and(eq(tareasMateria.id, id), eq(tareasMateria.materiaPeriodoId, materiaPeriodoId)))
    .returning({ id: tareasMateria.id });
  return done.length > 0;
}

export async function deleteTarea(db: WriteTx, id: number) {
  const done = await db
    .delete(tareasMateria)
    .where(eq(tareasMateria.id, id))
    .returning({ materiaPeriodoId: tareasMateria.materiaPeriodoId });
  return done[0];
}

export async function setUsesWeight(db: WriteTx, materiaPeriodoId: number, allow: boolean) {
  await db
    .update(materiasPeriodo)
    .set({ utilizaPorcentajePesoMateria: allow })
    .where(
      and(eq(materiasPeriodo.id, materiaPeriodoId), sql`${materiasPeriodo.utilizaPorcentajePesoMateria} <> ${allow}`),
    );
  // Without weights every homework's saved weight is 0 (spec 03 section 4).
  if (!allow) {
    await db.execute(
      sql`update tareas_materia set porcentaje_peso_materia = 0
           where materia_periodo_id = ${materiaPeriodoId} and porcentaje_peso_materia <> 0`,
    );
  }
}

/**
 * Everything a score save checks, and its locks, in one statement of its transaction (the plan page's hot
 * path): the homework row share-locked, so its total cannot drop under the score being written (the edit of
 * the total locks it for update), and the enrolment's autosave lock, so saves of one student's cells take
 * turns; with the checks of `cellSaveChecks`.
 */
export async function lockPuntajeCell(db: DbOrTx, tareaId: number, inscripcionId: number, userId: number) {
  const [row] = await rows<CellSaveChecks & { id: number; materiaPeriodoId: number; puntajeTotal: number }>(
    db,
    sql`select t.id, t.materia_periodo_id as "materiaPeriodoId", t.puntaje_total::float8 as "puntajeTotal",
               ${cellSaveChecks({ userId, inscripcionId })}
          from tareas_materia t
          join materias_periodo mp on mp.id = t.materia_periodo_id
          join periodos p on p.id = mp.periodo_id
         where t.id = ${tareaId}
           for share of t`,
  );
  return row;
}

/**
 * The homework row, locked for an edit of its total: scores being written hold it shared (`lockScoreCell`),
 * so the edit waits for them to commit and then sees every score when it checks the new total against them.
 */
export async function lockTareaForEdit(db: DbOrTx, id: number, materiaPeriodoId: number) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from tareas_materia where id = ${id} and materia_periodo_id = ${materiaPeriodoId} for update`,
  );
  return row !== undefined;
}

/**
 * Writes one score (null clears it), under the cell lock `lockScoreCell` took; see cell-writes.repository for
 * how saves of one cell are ordered.
 */
export async function writePuntaje(
  db: WriteTx,
  v: { tareaId: number; inscripcionId: number; puntaje: number | null; secuencia?: number | undefined },
) {
  const stored = await writeCell(db, PUNTAJE_CELLS, {
    ownerId: v.tareaId,
    inscripcionId: v.inscripcionId,
    value: v.puntaje,
    secuencia: v.secuencia,
  });
  return stored && { puntajeObtenido: stored.value, secuencia: stored.secuencia };
}

/** Every enrolment of the subject-period with all its scores (Calificaciones). */
export async function calificacionesOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{
    id: number;
    numeroDocumento: string;
    apellidoAlumno: string;
    nombreAlumno: string;
    email: string;
    porcentajePP: number | null;
    porcentajeAsistencia: number | null;
    calificaciones: { tareaId: number; puntaje: number }[];
  }>(
    db,
    sql`select i.id, u.numero_documento as "numeroDocumento", u.apellido as "apellidoAlumno",
               u.nombre as "nombreAlumno", u.email,
               i.porcentaje_pp::float8 as "porcentajePP", i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
               coalesce((select json_agg(json_build_object('tareaId', s.tarea_materia_id, 'puntaje', s.puntaje_obtenido::float8))
                           from tareas_materia_alumnos s join tareas_materia t on t.id = s.tarea_materia_id
                          where s.inscripcion_materia_id = i.id and t.materia_periodo_id = i.materia_periodo_id), '[]'::json)
                 as calificaciones
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where i.materia_periodo_id = ${materiaPeriodoId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id`,
  );
}
