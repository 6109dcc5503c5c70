import { clashMessage, ENROL_MSG, EstadoPublicacion, type InscriptionLine } from '@arandu/shared';
import type { Tx } from '../../db/client.js';
import { findPgError, PG } from '../../lib/errors.js';
import * as repo from './enrolments.repository.js';
import { insertWithinCaps, waitingLine } from './seats.js';

/**
 * The rules of enrolment lines (DOMAIN.md section 4), decided inside the save's transaction after the
 * student's profile is locked: what the lines need is read in a few set-based queries (the subjects named,
 * the student's enrolments of the period, their passes and the class times), the lines are decided in order
 * against that picture (each accepted line joins it, so a later line may clash with an earlier one), and the
 * accepted ones are inserted in one statement whose unique constraints still have the last word.
 */
export interface LineContext {
  tx: Tx;
  perfilAlumnoId: number;
  mallaId: number;
  activePeriodoId: number | undefined;
  /** Subject-periods an Admin enrols over the cap on purpose (`sobrecupo` on the line). */
  sobrecupo?: Set<number>;
}

export interface LinePicture {
  subjects: Map<number, repo.OfferedSubject>;
  /** The student's enrolments of the active period, by subject-period. */
  current: Map<number, repo.CurrentEnrolment>;
  /** Catalogue subjects the student already passed. */
  passed: Set<number>;
  slots: Map<number, repo.Slot[]>;
}

export async function picture(ctx: LineContext, ids: number[]): Promise<LinePicture> {
  const subjects = await repo.offeredSubjects(ctx.tx, ids);
  const current = ctx.activePeriodoId
    ? await repo.currentEnrolments(ctx.tx, ctx.perfilAlumnoId, ctx.activePeriodoId)
    : new Map<number, repo.CurrentEnrolment>();
  const materias = [...subjects.values()].map((s) => s.materiaId);
  const [passed, slots] = await Promise.all([
    repo.passedAmong(ctx.tx, ctx.perfilAlumnoId, materias),
    repo.slotsOf(ctx.tx, [...new Set([...subjects.keys(), ...current.keys()])]),
  ]);
  return { subjects, current, passed, slots };
}

const overlaps = (a: repo.Slot, b: repo.Slot) => a.dia === b.dia && a.inicio < b.fin && b.inicio < a.fin;

/** Why `s` cannot be taken (clash included), or undefined; `exceptId` leaves one enrolment out (a move). */
export function refusal(
  ctx: LineContext,
  p: LinePicture,
  s: repo.OfferedSubject | undefined,
  exceptId?: number,
): string | undefined {
  if (!s) return ENROL_MSG.materiaPeriodoMissing;
  if (s.periodoId !== ctx.activePeriodoId) return ENROL_MSG.notActivePeriod;
  if (s.mallaId !== ctx.mallaId) return ENROL_MSG.notInMalla;
  if (s.estado !== EstadoPublicacion.Preliminar) return ENROL_MSG.published;
  const others = [...p.current.values()].filter((e) => e.id !== exceptId && e.materiaPeriodoId !== s.id);
  if (others.some((e) => e.materiaMallaId === s.materiaMallaId)) return ENROL_MSG.otherSection;
  if (p.passed.has(s.materiaId)) return ENROL_MSG.alreadyPassed;
  const mine = p.slots.get(s.id) ?? [];
  const clash = others.find((e) =>
    (p.slots.get(e.materiaPeriodoId) ?? []).some((o) => mine.some((m) => overlaps(m, o))),
  );
  return clash ? clashMessage(clash.materia) : undefined;
}

const line = (
  id: number,
  s: repo.OfferedSubject | undefined,
  result: { success?: string; error?: string; listaEspera?: { posicion: number } },
) => ({
  materiaPeriodoId: id,
  materia: s?.materia ?? '',
  ...result,
});

/**
 * Answers every line of a save: un-enrolments first (each in a savepoint: a score's or attendance mark's
 * foreign key refuses only its own line), then enrolments in the order sent.
 */
export async function applyLines(ctx: LineContext, wanted: Map<number, boolean>): Promise<InscriptionLine[]> {
  const p = await picture(ctx, [...wanted.keys()]);
  const answers = new Map<number, InscriptionLine>();

  for (const [id, inscripto] of wanted) {
    if (inscripto) continue;
    const s = p.subjects.get(id);
    const mine = p.current.get(id);
    if (!s) answers.set(id, line(id, s, { error: ENROL_MSG.materiaPeriodoMissing }));
    else if (s.periodoId !== ctx.activePeriodoId) answers.set(id, line(id, s, { error: ENROL_MSG.notActivePeriod }));
    else if (!mine) answers.set(id, line(id, s, { success: ENROL_MSG.lineNotEnrolled }));
    else if (mine.marked) answers.set(id, line(id, s, { error: ENROL_MSG.hasMarks }));
    else {
      const refused = await savepoint(ctx.tx, (sp) => repo.removeEnrolment(sp, mine.id));
      if (typeof refused === 'string') answers.set(id, line(id, s, { error: refused }));
      else {
        p.current.delete(id);
        answers.set(id, line(id, s, { success: ENROL_MSG.lineUnenrolled }));
      }
    }
  }

  const accepted: repo.OfferedSubject[] = [];
  for (const [id, inscripto] of wanted) {
    if (!inscripto) continue;
    const s = p.subjects.get(id);
    if (s && p.current.has(id)) {
      answers.set(id, line(id, s, { success: ENROL_MSG.lineAlreadyEnrolled }));
      continue;
    }
    const refused = refusal(ctx, p, s);
    if (refused || !s) {
      answers.set(id, line(id, s, { error: refused }));
      continue;
    }
    accepted.push(s);
    p.current.set(id, {
      id: 0,
      materiaPeriodoId: id,
      materiaMallaId: s.materiaMallaId,
      materia: `${s.materia} (${s.seccion})`,
      marked: false,
    });
  }

  if (accepted.length > 0) {
    // No savepoint: the subjects were read Preliminar under the lock; should one be published in between, its
    // guard trigger fails the whole save, which the service answers as one refusal with nothing changed.
    // A full subject-period puts the student on its waiting list instead (seats.ts).
    const { inserted, waiting } = await insertWithinCaps(
      ctx.tx,
      ctx.perfilAlumnoId,
      accepted,
      (tx, subjects) => repo.insertEnrolments(tx, ctx.perfilAlumnoId, subjects),
      ctx.sobrecupo,
    );
    for (const s of accepted) {
      const posicion = waiting.get(s.id);
      if (posicion !== undefined) answers.set(s.id, line(s.id, s, waitingLine(posicion)));
      else if (inserted.has(s.id)) answers.set(s.id, line(s.id, s, { success: ENROL_MSG.lineEnrolled }));
      else {
        // A constraint kept the row out: written meanwhile by a writer that does not take the student's lock
        // (a section move), in this section or another.
        const now = await repo.enrolmentOfSubject(ctx.tx, ctx.perfilAlumnoId, s.materiaMallaId, s.periodoId);
        answers.set(
          s.id,
          now?.materiaPeriodoId === s.id
            ? line(s.id, s, { success: ENROL_MSG.lineAlreadyEnrolled })
            : line(s.id, s, { error: ENROL_MSG.otherSection }),
        );
      }
    }
  }
  // In the order the form sent them.
  return [...wanted.keys()].map((id) => answers.get(id)!);
}

/**
 * Runs a write in a savepoint: when the database refuses it (a published subject's guard trigger, the foreign
 * key of a score or attendance mark) only that write is undone, and the answer is the refusal's message.
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
