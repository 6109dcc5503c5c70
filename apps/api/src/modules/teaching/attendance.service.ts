import {
  attendanceOutlook,
  isAfterToday,
  MSG_TEACHING as T,
  type AsistenciaSave,
  type PresenceSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import { mayActOnMateriaPeriodo, teachingAllowed } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { getSettings } from '../settings/settings.service.js';
import { classContentsOf, plannedSessionsFrom } from '../planning/planning.service.js';
import { findMateriaPeriodo } from '../subject-periods/materia-periodo.service.js';
import * as repo from './attendance.repository.js';
import { lockMateriaCells } from './cell-writes.repository.js';
import { teachingTx } from './homework.service.js';
import { ownEnrolment } from './my-subject.repository.js';
import { recomputeAsistencia, recomputeAlumnoAsistencia } from './percentages.repository.js';
import { canEditNow, editableMateria, teachingMateria } from './teaching-access.js';

export async function formData(db: Db, user: AuthUser, materiaPeriodoId: number, now = new Date()) {
  const base = await teachingMateria(db, user, materiaPeriodoId, 'read');
  return {
    logContents: await classContentsOf(db, materiaPeriodoId),
    endHomework: base.finCalificarTareas,
    canEdit: canEditNow(base, now),
    editAssistance: base.editarAsistencias,
  };
}

/**
 * The attendance grid: a page of students, every session and the page's marks. Staff and the subject's
 * professors see everyone; a student enrolled in it sees only their own row; anyone else gets 404.
 */
export async function list(db: Db, user: AuthUser, materiaPeriodoId: number, req: PageQuery<{ search?: string }>) {
  let onlyInscripcionId: number | undefined;
  if (!(await mayActOnMateriaPeriodo(db, user, materiaPeriodoId, 'read'))) {
    const own = await ownEnrolment(db, user.id, materiaPeriodoId);
    if (!own) throw AppError.notFound(T.materiaNotFound);
    onlyInscripcionId = own.inscripcionId;
  }
  const base = await loadReadableOrOwn(db, user, materiaPeriodoId, onlyInscripcionId);
  const [page, assists, planned, { minAsistenciaExamen }] = await Promise.all([
    repo.listAlumnos(db, materiaPeriodoId, {
      page: req.page,
      pageSize: req.pageSize,
      search: req.filters?.search,
      ...(onlyInscripcionId === undefined ? {} : { onlyInscripcionId }),
    }),
    repo.sessionsOf(db, materiaPeriodoId),
    plannedSessionsFrom(db, materiaPeriodoId),
    getSettings(db),
  ]);
  const alumnoAssists = await repo.marksOf(
    db,
    materiaPeriodoId,
    page.items.map((s) => s.studentId),
  );
  return {
    pageInfo: {
      totalItemsCount: page.totalItemsCount,
      items: page.items.map(({ presentes, ...s }) => {
        const proyeccionAsistencia = attendanceOutlook({
          presentes,
          tomadas: assists.length,
          planificadas: planned.length,
          minimo: minAsistenciaExamen,
          manual: base.editarAsistencias ? s.porcentajeAsistencia : null,
        });
        return { ...s, alcanzaMinimo: proyeccionAsistencia !== 'no-alcanza', proyeccionAsistencia };
      }),
    },
    assists,
    studentAssists: alumnoAssists,
    minAsistenciaExamen,
  };
}

/** A student reading their own row passed the enrolment check; the others go through the usual one. */
async function loadReadableOrOwn(db: Db, user: AuthUser, id: number, own: number | undefined) {
  if (own === undefined) return teachingMateria(db, user, id, 'read');
  const base = await findMateriaPeriodo(db, id);
  if (!base) throw AppError.notFound(T.materiaNotFound);
  return base;
}

async function sessionFor(db: Db, user: AuthUser, id: number) {
  const session = await repo.findSession(db, id);
  if (!session) throw AppError.notFound(T.asistenciaNotFound);
  const base = await teachingMateria(db, user, session.subjectPeriodId, 'read').catch(() => {
    throw AppError.notFound(T.asistenciaNotFound);
  });
  return { session, base };
}

export async function get(db: Db, user: AuthUser, id: number, now = new Date()) {
  const { session, base } = await sessionFor(db, user, id);
  return {
    ...session,
    endHomework: base.finCalificarTareas,
    canEdit: canEditNow(base, now),
    students: await repo.alumnosOfSession(db, session),
  };
}

/**
 * Creates or edits a session; every student's percentage follows (one more session changes them all). A
 * session of a day still to come (in Asunción) is refused: marks taken ahead would count as attendance.
 */
export async function save(db: Db, user: AuthUser, input: AsistenciaSave, now = new Date()) {
  const base = await editableMateria(db, user, input.subjectPeriodId, now);
  if (base.editarAsistencias) throw AppError.badRequest(T.asistenciaManual);
  if (isAfterToday(input.date, now)) {
    throw AppError.badField('date', T.asistenciaFechaFutura);
  }
  if (input.logContentId && (await classContentsOf(db, base.id, input.logContentId)).length === 0) {
    throw AppError.badField('logContentId', T.registroContenidoInvalid);
  }
  const values: repo.SessionValues = {
    fecha: input.date,
    referencia: input.reference ?? null,
    aula: input.room ?? null,
    registroContenidoId: input.logContentId ?? null,
  };
  return teachingTx(db, user, async (tx) => {
    await lockMateriaCells(tx, base.id);
    let id = input.id ?? undefined;
    if (id) {
      if (!(await repo.updateSession(tx, id, base.id, values))) throw AppError.notFound(T.asistenciaNotFound);
    } else {
      id = await repo.insertSession(tx, base.id, values);
      if (input.present === true) await repo.markAllPresent(tx, { id, subjectPeriodId: base.id });
    }
    await recomputeAsistencia(tx, { materiaPeriodoId: base.id });
    return { id };
  });
}

export async function remove(db: Db, user: AuthUser, id: number, now = new Date()) {
  const { session } = await sessionFor(db, user, id);
  await editableMateria(db, user, session.subjectPeriodId, now);
  await teachingTx(db, user, async (tx) => {
    await lockMateriaCells(tx, session.subjectPeriodId);
    if (!(await repo.deleteSession(tx, id))) throw AppError.notFound(T.asistenciaNotFound);
    await recomputeAsistencia(tx, { materiaPeriodoId: session.subjectPeriodId });
  });
}

/**
 * One mark (quick-take flow, the form's toggle), in three statements like a score: its checks and the
 * student's lock, the write, the student's percentage recomputed and read back.
 */
export async function updatePresence(db: Db, user: AuthUser, sessionId: number, input: PresenceSave, now = new Date()) {
  return teachingTx(db, user, async (tx) => {
    const cell = await repo.lockMarkCell(tx, sessionId, input.studentId, user.id);
    if (!cell || !teachingAllowed(user, cell.teaches)) throw AppError.notFound(T.asistenciaNotFound);
    if (!canEditNow(cell, now)) throw AppError.badRequest(T.notEditable);
    if (cell.inscripcionMateriaPeriodoId !== cell.subjectPeriodId) throw AppError.notFound(T.inscripcionNotInMateria);
    const present = await repo.writeMark(tx, {
      sessionId,
      inscripcionId: input.studentId,
      present: input.present,
      secuencia: input.secuencia,
    });
    const porcentajeAsistencia = await recomputeAlumnoAsistencia(tx, {
      materiaPeriodoId: cell.subjectPeriodId,
      inscripcionId: input.studentId,
    });
    return {
      assistanceId: sessionId,
      studentId: input.studentId,
      present,
      aplicado: present === input.present,
      porcentajeAsistencia,
    };
  });
}

/** 'Marcar todos presentes': fills only the empty cells, never a saved mark (Moodle attendance #712). */
export async function markAll(db: Db, user: AuthUser, sessionId: number, now = new Date()) {
  const { session } = await sessionFor(db, user, sessionId);
  await editableMateria(db, user, session.subjectPeriodId, now);
  return teachingTx(db, user, async (tx) => {
    await lockMateriaCells(tx, session.subjectPeriodId);
    const marked = await repo.markAllPresent(tx, session);
    await recomputeAsistencia(tx, { materiaPeriodoId: session.subjectPeriodId });
    return { marked };
  });
}

// The sessions and marks of a subject-period, as the early warnings read them.
export { marksOf, sessionsOf } from './attendance.repository.js';
