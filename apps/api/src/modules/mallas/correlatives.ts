import {
  CORRELATIVA_MSG,
  correlativaCycle,
  ENROL_MSG,
  MSG,
  type ExcepcionCorrelativaList,
  type ExcepcionCorrelativaSave,
  type CondicionCorrelativa,
  type MallaMateriaSave,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import * as repo from './correlatives.repository.js';

const refuse = (message: string) => AppError.badField('correlativas', message);

// The mallas import (issue 44) locks the mallas it judges and writes many lists at once, through here.
export { lockMalla, replaceCorrelativasOf, type MallaMateria } from './correlatives.repository.js';

/** A malla as the correlative rules see it: its subjects (semester and name) and who requires whom. */
export interface CorrelativasPicture {
  materias: Map<number, repo.MallaMateria>;
  /** Subject -> the subjects it requires. */
  graph: Map<number, number[]>;
}

/**
 * The one judgement of a malla subject's correlatives (issue 29), for the modal's save and the mallas import
 * (issue 44) alike: the first rule `list` breaks in `picture`, or undefined. Each required subject belongs to
 * the malla, none twice, none is the subject itself or of a later semester, the subject's (new) semester stays
 * after those that require it, and the malla's graph stays acyclic. Without `list` (the subject's list kept),
 * its stored list is checked against its new semester.
 */
export function correlativasRefusal(
  picture: CorrelativasPicture,
  materiaId: number,
  semestre: number,
  list: readonly { materiaMallaId: number; condicion: CondicionCorrelativa }[] | undefined,
): string | undefined {
  const { materias, graph } = picture;
  const name = (id: number) => materias.get(id)?.nombre ?? String(id);
  // Subjects of earlier semesters that require this one would now come before what they require.
  for (const [desde, hacia] of graph) {
    const requirer = materias.get(desde);
    if (requirer && hacia.includes(materiaId) && requirer.semestre < semestre) {
      return CORRELATIVA_MSG.requiredByEarlier(requirer.nombre, requirer.semestre);
    }
  }
  const wanted = list ?? (graph.get(materiaId) ?? []).map((id) => ({ materiaMallaId: id, condicion: 'regular' }));
  const seen = new Set<number>();
  for (const c of wanted) {
    const required = materias.get(c.materiaMallaId);
    if (!required) return CORRELATIVA_MSG.notInMalla;
    if (c.materiaMallaId === materiaId) return CORRELATIVA_MSG.self(required.nombre);
    if (seen.has(c.materiaMallaId)) return CORRELATIVA_MSG.repeated(required.nombre);
    seen.add(c.materiaMallaId);
    if (required.semestre > semestre) return CORRELATIVA_MSG.later(required.nombre, required.semestre);
  }
  if (!list) return undefined;
  const cycle = correlativaCycle(
    graph,
    materiaId,
    list.map((c) => c.materiaMallaId),
  );
  return cycle ? CORRELATIVA_MSG.cycle(cycle.map(name)) : undefined;
}

/** The malla's subjects and correlatives as stored, read inside the caller's transaction or not. */
export async function correlativasPicture(db: DbOrTx, mallaId: number): Promise<CorrelativasPicture> {
  const [materias, graph] = await Promise.all([repo.mallaMaterias(db, mallaId), repo.mallaGraph(db, mallaId)]);
  return { materias, graph };
}

/**
 * Checks a malla subject's correlatives as saved with it (issue 29) and replaces its list when one was sent.
 * Runs in the save's transaction after `lockMalla`, so the picture of the malla cannot change underneath.
 */
export async function saveCorrelativas(
  tx: WriteTx,
  mallaId: number,
  materiaId: number,
  semestre: number,
  list: MallaMateriaSave['correlativas'],
): Promise<void> {
  const refusal = correlativasRefusal(await correlativasPicture(tx, mallaId), materiaId, semestre, list);
  if (refusal) throw refuse(refusal);
  if (list) await repo.replaceCorrelativas(tx, materiaId, list);
}

/**
 * A documented exception (issue 29): the student may take the subject, and sit its exams, without its
 * correlatives. Only for a student of the subject's malla and a subject with correlatives; one per student and
 * subject (the unique key decides between two at once). Audited by the table's trigger.
 */
export async function grantException(
  db: Db,
  user: AuthUser,
  mallaId: number,
  materiaMallaId: number,
  input: ExcepcionCorrelativaSave,
): Promise<{ id: number }> {
  try {
    return await writeTx(db, user.id, async (tx) => {
      const materias = await repo.mallaMaterias(tx, mallaId);
      if (!materias.has(materiaMallaId)) throw AppError.notFound(MSG.materiaNotFound);
      if (!(await repo.alumnoOfMalla(tx, input.perfilAlumnoId, mallaId)))
        throw AppError.notFound(ENROL_MSG.studentNotFound);
      if (!(await repo.mallaGraph(tx, mallaId)).get(materiaMallaId)?.length)
        throw refuse(CORRELATIVA_MSG.exceptionNoCorrelatives);
      return { id: await repo.insertException(tx, { ...input, materiaMallaId, otorgadaPor: user.id }) };
    });
  } catch (err) {
    const pg = findPgError(err);
    if (pg?.code === PG.uniqueViolation) throw AppError.badRequest(CORRELATIVA_MSG.exceptionExists);
    throw err;
  }
}

/** The exceptions granted for a malla subject (another malla's subject answers 404, as the grant does). */
export async function listExceptions(
  db: DbOrTx,
  mallaId: number,
  materiaMallaId: number,
): Promise<ExcepcionCorrelativaList> {
  const materias = await repo.mallaMaterias(db, mallaId);
  if (!materias.has(materiaMallaId)) throw AppError.notFound(MSG.materiaNotFound);
  return { items: await repo.exceptionsOfMateria(db, materiaMallaId) };
}
