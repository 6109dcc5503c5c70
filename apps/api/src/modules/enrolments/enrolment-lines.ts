import {
  clashMessage,
  ENROL_MSG,
  EstadoPublicacion,
  CUPO_MSG,
  type Correlativa,
  type InscripcionCheck,
  type InscripcionLine,
} from '@arandu/shared';
import { findPgError, PG, refusalOf } from '../../lib/errors.js';
import { getSettings } from '../settings/settings.service.js';
import { standingFrom, type CorrelativaStanding } from './correlative-standing.js';
import { readPicture } from './lines.repository.js';
import * as repo from './enrolments.repository.js';
import { insertWithinCaps, waitingLine } from './seats.js';
import type { DbOrTx } from '../../db/client.js';
import { savepointTx, type WriteTx } from '../../db/tx.js';

/**
 * The rules of enrolment lines (DOMAIN.md section 4), decided inside the save's transaction after the
 * student's profile is locked: what the lines need is read in one statement (the subjects named, the
 * student's enrolments of the period, their passes, the class times, correlatives and seats), the lines are
 * decided here in order against that picture, by the same code as the pre-check's (each accepted line joins
 * it, so a later line may clash with an earlier one), and the accepted ones are inserted in one statement
 * whose unique constraints still have the last word.
 */
export interface LineContext {
  tx: WriteTx;
  perfilAlumnoId: number;
  mallaId: number;
  activePeriodoId: number | undefined;
  now: Date;
  /** Subject-periods an Admin enrols over the cap on purpose (`sobrecupo` on the line). */
  sobrecupo?: Set<number>;
}

export interface LinePicture {
  subjects: Map<number, repo.OfferedMateria>;
  /** The student's enrolments of the active period, by subject-period. */
  current: Map<number, repo.CurrentEnrolment>;
  /** Catalogue subjects the student already passed. */
  passed: Set<number>;
  slots: Map<number, repo.Slot[]>;
  /** The correlatives of the subjects named and what the student has of them (issue 29). */
  standing: CorrelativaStanding;
  /** Capped subject-periods named that look full: the seats' hint (seats.ts). */
  full: Set<number>;
  /** The student has accepted the period's Manifiesto (recorded by this read when `registrarConformidad`). */
  conforme: boolean;
}

/** What the lines of a save need, read in one statement after the student's lock (lines.repository.ts). */
export async function picture(ctx: LineContext, ids: number[], registrarConformidad = false): Promise<LinePicture> {
  return readLinePicture(ctx.tx, ctx, ids, registrarConformidad);
}

/**
 * The same picture read outside a save (no lock, nothing recorded): the enrolment form tells each line's
 * reasons before the student chooses (issue 44), in the words the save and 'Validar' use.
 */
export async function readLinePicture(
  db: DbOrTx,
  ctx: Pick<LineContext, 'perfilAlumnoId' | 'activePeriodoId' | 'now'>,
  ids: number[],
  registrarConformidad = false,
): Promise<LinePicture> {
  const row = await readPicture(db, {
    perfilAlumnoId: ctx.perfilAlumnoId,
    ids,
    periodoId: ctx.activePeriodoId,
    registrarConformidad,
    cfg: await getSettings(db),
    now: ctx.now,
  });
  const slots = new Map<number, repo.Slot[]>();
  for (const { mp, ...slot } of row.slots) slots.set(mp, [...(slots.get(mp) ?? []), slot]);
  const correlativas = new Map<number, Correlativa[]>();
  for (const { desde, ...c } of row.correlativas) correlativas.set(desde, [...(correlativas.get(desde) ?? []), c]);
  return {
    subjects: new Map(row.subjects.map((r) => [r.id, r])),
    current: new Map(row.current.map((r) => [r.materiaPeriodoId, r])),
    passed: new Set(row.passed),
    slots,
    standing: standingFrom(correlativas, new Set(row.exceptions), new Map(row.avance.map((r) => [r.id, r.avance]))),
    full: new Set(row.full),
    conforme: row.conforme,
  };
}

const overlaps = (a: repo.Slot, b: repo.Slot) => a.dia === b.dia && a.inicio < b.fin && b.inicio < a.fin;

/**
 * Every reason `s` cannot be taken, in the order a student would want to be told, or none: the one engine of
 * the save and of the pre-check `validar` (issue 29), so they cannot disagree. A subject that is not there to
 * take (missing, another period, another malla, published) answers that alone; the student's own reasons
 * (another section, passed, correlatives, a clash) all come. `exceptId` leaves one enrolment out (a move).
 */
export function reasons(
  ctx: Pick<LineContext, 'activePeriodoId' | 'mallaId'>,
  p: LinePicture,
  s: repo.OfferedMateria | undefined,
  exceptId?: number,
): string[] {
  if (!s) return [ENROL_MSG.materiaPeriodoMissing];
  if (s.periodoId !== ctx.activePeriodoId) return [ENROL_MSG.notActivePeriod];
  if (s.mallaId !== ctx.mallaId) return [ENROL_MSG.notInMalla];
  if (s.estado !== EstadoPublicacion.Preliminar) return [ENROL_MSG.published];
  const others = [...p.current.values()].filter((e) => e.id !== exceptId && e.materiaPeriodoId !== s.id);
  const out: string[] = [];
  if (others.some((e) => e.materiaMallaId === s.materiaMallaId)) out.push(ENROL_MSG.otherSection);
  if (p.passed.has(s.materiaId)) out.push(ENROL_MSG.alreadyPassed);
  else out.push(...p.standing.pendientes(s.materiaMallaId, 'enrol'));
  const mine = p.slots.get(s.id) ?? [];
  const clash = others.find((e) =>
    (p.slots.get(e.materiaPeriodoId) ?? []).some((o) => mine.some((m) => overlaps(m, o))),
  );
  if (clash) out.push(clashMessage(clash.materia));
  return out;
}

/** Why `s` cannot be taken, every reason in one line, or undefined. */
export function refusal(
  ctx: LineContext,
  p: LinePicture,
  s: repo.OfferedMateria | undefined,
  exceptId?: number,
): string | undefined {
  const found = reasons(ctx, p, s, exceptId);
  return found.length > 0 ? found.join('; ') : undefined;
}

/** How a line names its subject: with its section, since a subject can be offered in several (issue 34 item 22). */
const lineName = (s: repo.OfferedMateria | undefined) => (s ? `${s.materia} (${s.seccion})` : '');

const line = (
  id: number,
  s: repo.OfferedMateria | undefined,
  result: { success?: string; error?: string; listaEspera?: { posicion: number } },
) => ({
  materiaPeriodoId: id,
  materia: lineName(s),
  ...result,
});

/**
 * Answers every line of a save: un-enrolments first (each in a savepoint: a score's or attendance mark's
 * foreign key refuses only its own line), then enrolments in the order sent.
 */
export async function applyLines(
  ctx: LineContext,
  wanted: Map<number, boolean>,
  read?: LinePicture,
): Promise<InscripcionLine[]> {
  const p = read ?? (await picture(ctx, [...wanted.keys()]));
  const answers = new Map<number, InscripcionLine>();

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

  const accepted: repo.OfferedMateria[] = [];
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
    p.current.set(id, pending(s));
  }

  if (accepted.length > 0) {
    // No savepoint: the subjects were read Preliminar under the lock; should one be published in between, its
    // guard trigger fails the whole save, which the service answers as one refusal with nothing changed.
    // A full subject-period puts the student on its waiting list instead (seats.ts).
    const { inserted, waiting } = await insertWithinCaps(
      ctx.tx,
      ctx.perfilAlumnoId,
      accepted,
      (tx, materias) => repo.insertEnrolments(tx, ctx.perfilAlumnoId, materias),
      { overbook: ctx.sobrecupo, full: p.full },
    );
    for (const s of accepted) {
      const posicion = waiting.get(s.id);
      if (posicion !== undefined) answers.set(s.id, line(s.id, s, waitingLine(posicion)));
      else if (inserted.has(s.id)) answers.set(s.id, line(s.id, s, { success: ENROL_MSG.lineEnrolled }));
      else {
        // A constraint kept the row out: written meanwhile by a writer that does not take the student's lock
        // (a section move), in this section or another.
        const now = await repo.enrolmentOfMateria(ctx.tx, ctx.perfilAlumnoId, s.materiaMallaId, s.periodoId);
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
 * The pre-check of the lines (issue 29): what `applyLines` would answer, with every reason, deciding the lines
 * in the same order against the same picture (un-enrolments first; each line that would be accepted joins the
 * picture), writing nothing. `common.window` applies to every line, `common.enrolling` to enrolments.
 */
export async function checkLines(
  ctx: LineContext,
  wanted: Map<number, boolean>,
  common: { window: string[]; enrolling: string[] },
  read?: LinePicture,
): Promise<InscripcionCheck[]> {
  const p = read ?? (await picture(ctx, [...wanted.keys()]));
  const answers = new Map<number, InscripcionCheck>();
  const check = (id: number, s: repo.OfferedMateria | undefined, motivos: string[]): InscripcionCheck => ({
    materiaPeriodoId: id,
    materia: lineName(s),
    ok: motivos.length === 0,
    motivos,
  });
  for (const [id, inscripto] of wanted) {
    if (inscripto) continue;
    const s = p.subjects.get(id);
    const mine = p.current.get(id);
    const own: string[] = [];
    if (!s) own.push(ENROL_MSG.materiaPeriodoMissing);
    else if (s.periodoId !== ctx.activePeriodoId) own.push(ENROL_MSG.notActivePeriod);
    else if (mine?.marked) own.push(ENROL_MSG.hasMarks);
    else if (mine && s.estado !== EstadoPublicacion.Preliminar) own.push(ENROL_MSG.published);
    // The picture follows the line's own rules, as the save's does: a closed window refuses the whole save,
    // and the lines after this one are still checked against what it would do once the window opens.
    if (own.length === 0) p.current.delete(id);
    answers.set(id, check(id, s, [...common.window, ...own]));
  }
  // The seats as the save's first hint reads them, in the same statement as the rest of the picture.
  const full = p.full;
  for (const [id, inscripto] of wanted) {
    if (!inscripto) continue;
    const s = p.subjects.get(id);
    const enrolled = !!s && p.current.has(id);
    const own = enrolled ? [ENROL_MSG.alreadyEnrolledReason] : reasons(ctx, p, s);
    // The seat limit, as the save's insert would meet it (seats.ts): the save puts the student on the list.
    const cupo = s && !enrolled && full.has(id) && !ctx.sobrecupo?.has(id) ? [CUPO_MSG.sinCupoValidar] : [];
    answers.set(id, check(id, s, [...common.window, ...common.enrolling, ...own, ...cupo]));
    // A line the rules accept joins the picture as in the save, where it is accepted before the seats are
    // looked at: a later line clashes with it even when it ends on the waiting list (found by the property
    // test, enrolment-agreement.property.test.ts).
    if (own.length === 0 && s) p.current.set(id, pending(s));
  }
  return [...wanted.keys()].map((id) => answers.get(id)!);
}

/** An enrolment the lines are about to make, as the picture holds it for the lines after it. */
const pending = (s: repo.OfferedMateria): repo.CurrentEnrolment => ({
  id: 0,
  materiaPeriodoId: s.id,
  materiaMallaId: s.materiaMallaId,
  materia: lineName(s),
  marked: false,
});

/**
 * Runs a write in a savepoint: when the database refuses it (a published subject's guard trigger, the foreign
 * key of a score or attendance mark) only that write is undone, and the answer is the refusal's message.
 */
async function savepoint<T>(tx: WriteTx, work: (sp: WriteTx) => Promise<T>): Promise<T | string> {
  try {
    return await savepointTx(tx, work);
  } catch (err) {
    const pg = findPgError(err);
    if (pg?.code === PG.foreignKeyViolation) return ENROL_MSG.hasMarks;
    const refused = refusalOf(err);
    if (refused) return refused.message;
    throw err;
  }
}
