import {
  CORRELATIVA_MSG,
  correlativaCycle,
  ENROL_MSG,
  MSG,
  type ExcepcionCorrelativaList,
  type ExcepcionCorrelativaSave,
  type MallaMateriaSave,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import * as repo from './correlatives.repository.js';

const refuse = (message: string) => AppError.badField('correlativas', message);

/**
 * Checks a malla subject's correlatives as saved with it (issue 29) and replaces its list when one was sent.
 * Runs in the save's transaction after `lockMalla`, so the picture of the malla cannot change underneath:
 * each required subject belongs to the malla, none twice, none is the subject itself or of a later semester,
 * the subject's (new) semester stays after those that require it, and the malla's graph stays acyclic.
 */
export async function saveCorrelativas(
  tx: WriteTx,
  mallaId: number,
  materiaId: number,
  semestre: number,
  list: MallaMateriaSave['correlativas'],
): Promise<void> {
  const [materias, graph] = await Promise.all([repo.mallaMaterias(tx, mallaId), repo.mallaGraph(tx, mallaId)]);
  const name = (id: number) => materias.get(id)?.nombre ?? String(id);

  // Subjects of earlier semesters that require this one would now come before what they require.
  for (const [desde, hacia] of graph) {
    const requirer = materias.get(desde);
    if (requirer && hacia.includes(materiaId) && requirer.semestre < semestre) {
      throw refuse(CORRELATIVA_MSG.requiredByEarlier(requirer.nombre, requirer.semestre));
    }
  }
  const wanted = list ?? (graph.get(materiaId) ?? []).map((id) => ({ materiaMallaId: id, condicion: 'regular' }));
  const seen = new Set<number>();
  for (const c of wanted) {
    const required = materias.get(c.materiaMallaId);
    if (!required) throw refuse(CORRELATIVA_MSG.notInMalla);
    if (c.materiaMallaId === materiaId) throw refuse(CORRELATIVA_MSG.self(required.nombre));
    if (seen.has(c.materiaMallaId)) throw refuse(CORRELATIVA_MSG.repeated(required.nombre));
    seen.add(c.materiaMallaId);
    if (required.semestre > semestre) throw refuse(CORRELATIVA_MSG.later(required.nombre, required.semestre));
  }
  if (!list) return;
  const cycle = correlativaCycle(
    graph,
    materiaId,
    list.map((c) => c.materiaMallaId),
  );
  if (cycle) throw refuse(CORRELATIVA_MSG.cycle(cycle.map(name)));
  await repo.replaceCorrelativas(tx, materiaId, list);
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
