import { clashMessage, ENROL_MSG, EstadoPublicacion, type InscriptionLine } from '@arandu/shared';
import type { Tx } from '../../db/client.js';
import { findPgError, PG } from '../../lib/errors.js';
import * as repo from './enrolments.repository.js';

/**
 * The rules of one enrolment line (DOMAIN.md section 4). They run inside the save's transaction after the
 * student's profile is locked, so the enrolments they read cannot change under them; the unique
 * constraints on `inscripciones_materia` still decide the insert itself.
 */
export interface LineContext {
  tx: Tx;
  perfilAlumnoId: number;
  mallaId: number;
  activePeriodoId: number | undefined;
}

const line = (s: { id: number; materia: string }, result: { success?: string; error?: string }): InscriptionLine => ({
  materiaPeriodoId: s.id,
  materia: s.materia,
  ...result,
});

/** Why the subject-period cannot be taken by this student, or undefined when it can (clash aside). */
export async function refusal(
  ctx: LineContext,
  s: repo.OfferedSubject | undefined,
  exceptId?: number,
): Promise<string | undefined> {
  if (!s) return ENROL_MSG.materiaPeriodoMissing;
  if (s.periodoId !== ctx.activePeriodoId) return ENROL_MSG.notActivePeriod;
  if (s.mallaId !== ctx.mallaId) return ENROL_MSG.notInMalla;
  if (s.estado !== EstadoPublicacion.Preliminar) return ENROL_MSG.published;
  const current = await repo.enrolmentOfSubject(ctx.tx, ctx.perfilAlumnoId, s.materiaMallaId, s.periodoId);
  if (current && current.id !== exceptId && current.materiaPeriodoId !== s.id) return ENROL_MSG.otherSection;
  if (await repo.hasPassed(ctx.tx, ctx.perfilAlumnoId, s.materiaMallaId)) return ENROL_MSG.alreadyPassed;
  const other = await repo.clashingSubject(ctx.tx, ctx.perfilAlumnoId, s.id, s.periodoId, exceptId);
  return other ? clashMessage(other) : undefined;
}

/** Enrols the student in `s`, or says why not; enrolling twice answers that it was already done. */
export async function enrolLine(ctx: LineContext, id: number, s: repo.OfferedSubject | undefined) {
  const unknown = { id, materia: '' };
  const refused = await refusal(ctx, s);
  if (refused || !s) return line(s ?? unknown, { error: refused });
  const inserted = await savepoint(ctx.tx, (sp) => repo.insertEnrolment(sp, ctx.perfilAlumnoId, s));
  if (typeof inserted === 'string') return line(s, { error: inserted });
  if (inserted !== undefined) return line(s, { success: ENROL_MSG.lineEnrolled });
  // The constraint kept a second row out: the same subject-period (a repeated click) or another section.
  const current = await repo.enrolmentOfSubject(ctx.tx, ctx.perfilAlumnoId, s.materiaMallaId, s.periodoId);
  return current?.materiaPeriodoId === s.id
    ? line(s, { success: ENROL_MSG.lineAlreadyEnrolled })
    : line(s, { error: ENROL_MSG.otherSection });
}

/** Un-enrols the student from `s`, refused once there are scores, attendance marks or hand-entered figures. */
export async function unenrolLine(ctx: LineContext, id: number, s: repo.OfferedSubject | undefined) {
  if (!s) return line({ id, materia: '' }, { error: ENROL_MSG.materiaPeriodoMissing });
  if (s.periodoId !== ctx.activePeriodoId) return line(s, { error: ENROL_MSG.notActivePeriod });
  const done = await savepoint(ctx.tx, (sp) => repo.deleteEnrolment(sp, ctx.perfilAlumnoId, s.id));
  if (done === 'deleted') return line(s, { success: ENROL_MSG.lineUnenrolled });
  if (done === 'absent') return line(s, { success: ENROL_MSG.lineNotEnrolled });
  return line(s, { error: done === 'has-marks' ? ENROL_MSG.hasMarks : done });
}

/**
 * Runs one line's write in a savepoint: when the database refuses it (a trigger on a published subject, the
 * foreign key of a score or attendance mark) only that line is undone, and its answer is the refusal.
 */
async function savepoint<T>(tx: Tx, work: (sp: Tx) => Promise<T>): Promise<T | string> {
  try {
    return await tx.transaction(work);
  } catch (err) {
    const pg = findPgError(err);
    if (pg?.code === PG.foreignKeyViolation) return ENROL_MSG.hasMarks;
    if (pg?.code === PG.raisedException) return ENROL_MSG.published;
    throw err;
  }
}
