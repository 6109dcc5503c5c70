import type { DbOrTx } from '../../db/client.js';
import * as repo from './subject-periods.repository.js';

/*
 * What other modules read of the subject-periods (the record the access module guards and teaching and planning
 * show, its schedule, the professors to pick from): they ask here, not the repository (eslint.config.js keeps
 * modules to each other's services).
 * This file imports nothing of the access module, so access may ask it without a cycle.
 */

export type MateriaPeriodoBase = repo.MateriaPeriodoBase;

/** The subject-period with what its pages name (subject, malla, period, staff, counts), or undefined. */
export const findMateriaPeriodo = (db: DbOrTx, id: number): Promise<MateriaPeriodoBase | undefined> =>
  repo.findMateriaPeriodo(db, id);

/** The subject-period's schedule rows (planning's identification page, a student's subject). */
export const horariosOf = (db: DbOrTx, materiaPeriodoId: number) => repo.horariosOf(db, materiaPeriodoId);

/** Active professors for a select (an exam's professor). */
export const profesorOptions = (db: DbOrTx) => repo.profesorOptions(db);

/** Which of `ids` are active professors. */
export const profesoresAmong = (db: DbOrTx, ids: number[]): Promise<Set<number>> => repo.profesoresAmong(db, ids);
