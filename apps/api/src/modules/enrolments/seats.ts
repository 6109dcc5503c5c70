import { CUPO_MSG } from '@arandu/shared';
import { mayOverbook } from '../access/enrolment-access.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import type * as enrolmentsRepo from './enrolments.repository.js';
import * as repo from './seats.repository.js';
import { savepointTx, type WriteTx } from '../../db/tx.js';

/**
 * Seat limits in the save path (docs/decisions/024). The cap itself is kept by the database: the enrolment
 * trigger takes a seat with one conditional UPDATE of the section's counter row and refuses the insert when
 * none is free, whoever writes. Here the accepted lines are inserted so that a full section costs the save
 * only its own line: sections that look full are put on their waiting list without trying, the rest are
 * inserted in one statement (inside a savepoint when any is capped), and when the trigger refuses one (a seat
 * taken since the hint was read) the savepoint is rolled back and the hint read again.
 */
export interface CuposOutcome {
  /** Subject-periods enrolled now (or that a constraint already held: see insertEnrolments). */
  inserted: Set<number>;
  /** Full subject-periods: the student's position on their waiting list. */
  waiting: Map<number, number>;
}

type Materia = enrolmentsRepo.OfferedMateria;
type Insert = (tx: WriteTx, materias: Materia[]) => Promise<Set<number>>;

const isCapRefusal = (err: unknown) => {
  const pg = findPgError(err);
  return pg?.code === PG.checkViolation && pg.constraint === repo.CUPO_CONSTRAINT;
};

/**
 * Inserts `accepted` within the caps. `overbook` holds the lines an Admin enrols over the cap on purpose
 * (`sobrecupo`, audited by the caller); `full` is the hint read with the save's picture, used for the first
 * attempt. Capped lines go in subject-period order, so two saves that take seats of the same sections lock
 * their counter rows in one order and cannot deadlock.
 */
export async function insertWithinCaps(
  tx: WriteTx,
  perfilAlumnoId: number,
  accepted: Materia[],
  insert: Insert,
  hints: { overbook?: Set<number> | undefined; full?: Set<number> | undefined } = {},
): Promise<CuposOutcome> {
  const overbook = hints.overbook ?? new Set<number>();
  const waiting = new Map<number, number>();
  const forced = accepted.filter((s) => overbook.has(s.id));
  const normal = accepted.filter((s) => !overbook.has(s.id));
  const inserted = new Set<number>();
  if (forced.length > 0) for (const id of await repo.overbooking(tx, () => insert(tx, forced))) inserted.add(id);

  if (!normal.some((s) => s.cupo !== null)) {
    if (normal.length > 0) for (const id of await insert(tx, normal)) inserted.add(id);
    return { inserted, waiting };
  }

  let pending = [...normal].sort((a, b) => a.id - b.id);
  let hint = hints.full;
  // Each refusal means a section filled meanwhile; the re-read hint then sends it to its list. A section
  // that keeps flapping (seats freed and taken between reads) is bounded by the number of lines.
  for (let attempt = 0; attempt <= normal.length + 1 && pending.length > 0; attempt++) {
    const capped = pending.filter((s) => s.cupo !== null).map((s) => s.id);
    const full = hint
      ? new Set(capped.filter((id) => hint!.has(id)))
      : await repo.fullAmong(tx, perfilAlumnoId, capped);
    hint = undefined;
    const listed = await repo.joinLists(
      tx,
      perfilAlumnoId,
      pending.filter((x) => full.has(x.id)).map((x) => x.id),
    );
    for (const [id, posicion] of listed) waiting.set(id, posicion);
    pending = pending.filter((s) => !full.has(s.id));
    if (pending.length === 0) break;
    try {
      const batch = pending;
      for (const id of await savepointTx(tx, (sp) => insert(sp, batch))) inserted.add(id);
      return { inserted, waiting };
    } catch (err) {
      if (!isCapRefusal(err)) throw err;
    }
  }
  if (pending.length > 0) throw new Error('seats: the caps kept refusing a save whose sections looked free');
  return { inserted, waiting };
}

/**
 * The lines an Admin enrols over the cap: refused without 'enrolment:overbook' (an Admin's, access module).
 * The enrolment trigger checks it again and writes the audit entry ('sobrecupos') of each enrolment it lets
 * over the cap, beside the enrolment's own row in the log.
 */
export function overbookedLines(
  user: AuthUser,
  lines: { materiaPeriodoId: number; inscripto: boolean; sobrecupo?: boolean | undefined }[],
) {
  const over = new Set(lines.filter((l) => l.inscripto && l.sobrecupo).map((l) => l.materiaPeriodoId));
  if (over.size > 0 && !mayOverbook(user)) throw AppError.badRequest(CUPO_MSG.sobrecupoAdminOnly);
  return over;
}

/** A write refused by the enrolment trigger because the section is full (a staff move, a staff enrolment). */
export const isCapRefusalError = isCapRefusal;

/** The line of a subject-period that was full: the student is on its waiting list. */
export const waitingLine = (posicion: number) => ({
  error: CUPO_MSG.sinCupo(posicion),
  listaEspera: { posicion },
});

/**
 * Sets a subject-period's cap; the caller holds its row FOR UPDATE, so no enrolment is in flight and the
 * recount is exact. A cap under the enrolled students (plus seats offered to the list) is refused; the cap
 * is removed only while nobody waits. Answers whether seats opened (a raised cap), for the offer job.
 */
export async function setCap(tx: WriteTx, materiaPeriodoId: number, cupo: number | null): Promise<boolean> {
  const counts = await repo.countCupos(tx, materiaPeriodoId);
  if (cupo === counts.cupo) return false;
  if (cupo === null) {
    if (counts.esperando + counts.ofrecidos > 0) throw AppError.badField('cupo', CUPO_MSG.cupoRemovedWithList);
  } else if (cupo < counts.inscriptos + counts.ofrecidos) {
    const message = CUPO_MSG.cupoUnderEnrolled(counts.inscriptos, counts.ofrecidos);
    throw AppError.badField('cupo', message);
  }
  await repo.writeCap(tx, materiaPeriodoId, cupo, counts);
  return counts.cupo !== null && (cupo === null || cupo > counts.cupo);
}
