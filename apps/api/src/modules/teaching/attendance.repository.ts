import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { asistencias } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { cellSaveChecks, MARK_CELLS, writeCell, type CellSaveChecks } from './cell-writes.repository.js';
import { containsPersonText, offsetOf, toPage, whereAll } from '../../lib/search.js';
import type { WriteTx } from '../../db/tx.js';

export async function listAlumnos(
  db: DbOrTx,
  materiaPeriodoId: number,
  opts: { page: number; pageSize: number; search?: string | undefined; onlyInscripcionId?: number },
) {
  const found = await rows<{
    studentId: number;
    doc: string;
    name: string;
    surname: string;
    porcentajeAsistencia: number | null;
    presentes: number;
    total: number;
  }>(
    db,
    sql`select i.id as "studentId", u.numero_documento as doc, u.nombre as name, u.apellido as surname,
               i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
               (select count(*) from asistencias_alumnos aa join asistencias a on a.id = aa.asistencia_id
                 where aa.inscripcion_materia_id = i.id and aa.presente and a.materia_periodo_id = i.materia_periodo_id)::int
                 as presentes,
               count(*) over()::int as total
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          ${whereAll([
            sql`i.materia_periodo_id = ${materiaPeriodoId}`,
            opts.onlyInscripcionId === undefined ? undefined : sql`i.id = ${opts.onlyInscripcionId}`,
            containsPersonText(sql`u.numero_documento || ' ' || u.nombre || ' ' || u.apellido`, opts.search),
          ])}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id
         limit ${opts.pageSize} offset ${offsetOf(opts.page, opts.pageSize)}`,
  );
  return toPage(found);
}

export async function sessionsOf(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ id: number; date: string; reference: string | null }>(
    db,
    sql`select id, to_char(fecha, 'YYYY-MM-DD') as date, referencia as reference
          from asistencias where materia_periodo_id = ${materiaPeriodoId} order by fecha, id`,
  );
}

/** The marks of the given enrolments in the subject-period's sessions. */
export async function marksOf(db: DbOrTx, materiaPeriodoId: number, inscripcionIds: number[]) {
  if (inscripcionIds.length === 0) return [];
  return rows<{ assistanceId: number; studentId: number; present: boolean }>(
    db,
    sql`select aa.asistencia_id as "assistanceId", aa.inscripcion_materia_id as "studentId", aa.presente as present
          from asistencias_alumnos aa join asistencias a on a.id = aa.asistencia_id
         where a.materia_periodo_id = ${materiaPeriodoId}
           and aa.inscripcion_materia_id in (${sql.join(
             inscripcionIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
}

export async function findSession(db: DbOrTx, id: number) {
  const [row] = await rows<{
    id: number;
    subjectPeriodId: number;
    date: string;
    room: string | null;
    reference: string | null;
    logContentId: number | null;
  }>(
    db,
    sql`select id, materia_periodo_id as "subjectPeriodId", to_char(fecha, 'YYYY-MM-DD') as date, aula as room,
               referencia as reference, registro_contenido_id as "logContentId"
          from asistencias where id = ${id}`,
  );
  return row;
}

/** Every enrolled student with their mark in session `id` (null: not taken). */
export async function alumnosOfSession(db: DbOrTx, session: { id: number; subjectPeriodId: number }) {
  return rows<{ studentId: number; doc: string; name: string; surname: string; present: boolean | null }>(
    db,
    sql`select i.id as "studentId", u.numero_documento as doc, u.nombre as name, u.apellido as surname,
               aa.presente as present
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
          left join asistencias_alumnos aa on aa.asistencia_id = ${session.id} and aa.inscripcion_materia_id = i.id
         where i.materia_periodo_id = ${session.subjectPeriodId}
         order by sin_acentos(u.apellido), sin_acentos(u.nombre), i.id`,
  );
}

export interface SessionValues {
  fecha: string;
  referencia: string | null;
  aula: string | null;
  registroContenidoId: number | null;
}

export async function insertSession(db: WriteTx, materiaPeriodoId: number, values: SessionValues) {
  const [row] = await db
    .insert(asistencias)
    .values({ materiaPeriodoId, ...values })
    .returning({ id: asistencias.id });
  return row!.id;
}

export async function updateSession(db: WriteTx, id: number, materiaPeriodoId: number, values: SessionValues) {
  const done = await db
    .update(asistencias)
    .set(values)
    .where(and(eq(asistencias.id, id), eq(asistencias.materiaPeriodoId, materiaPeriodoId)))
    .returning({ id: asistencias.id });
  return done.length > 0;
}

export async function deleteSession(db: WriteTx, id: number) {
  const done = await db.delete(asistencias).where(eq(asistencias.id, id)).returning({ id: asistencias.id });
  return done.length > 0;
}

/** Marks present every enrolled student of the session who has no mark yet; a saved mark is never overwritten. */
export async function markAllPresent(db: WriteTx, session: { id: number; subjectPeriodId: number }) {
  const done = await rows<{ id: number }>(
    db,
    sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente, secuencia)
        select ${session.id}, i.id, true, (extract(epoch from clock_timestamp()) * 1000)::bigint
          from inscripciones_materia i where i.materia_periodo_id = ${session.subjectPeriodId}
        on conflict (asistencia_id, inscripcion_materia_id) do nothing
        returning id`,
  );
  return done.length;
}

/**
 * Everything a mark save checks, and the student's autosave lock, in one statement of its transaction (the
 * quick-take flow's hot path, as `lockScoreCell` is for scores): the session's subject-period with the
 * checks of `cellSaveChecks`.
 */
export async function lockMarkCell(db: DbOrTx, sessionId: number, inscripcionId: number, userId: number) {
  const [row] = await rows<CellSaveChecks & { subjectPeriodId: number }>(
    db,
    sql`select a.materia_periodo_id as "subjectPeriodId", ${cellSaveChecks({ userId, inscripcionId })}
          from asistencias a
          join materias_periodo mp on mp.id = a.materia_periodo_id
          join periodos p on p.id = mp.periodo_id
         where a.id = ${sessionId}`,
  );
  return row;
}

/** Writes one mark (null: not taken) under the lock `lockMarkCell` took; ordered like a score. */
export async function writeMark(
  db: WriteTx,
  v: { sessionId: number; inscripcionId: number; present: boolean | null; secuencia?: number | undefined },
) {
  const stored = await writeCell(db, MARK_CELLS, {
    ownerId: v.sessionId,
    inscripcionId: v.inscripcionId,
    value: v.present,
    secuencia: v.secuencia,
  });
  return stored?.value ?? null;
}
