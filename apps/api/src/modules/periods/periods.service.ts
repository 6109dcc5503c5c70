import { MSG, type PeriodoSave, type PeriodoSaveMaterias } from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { catalogue } from '../../lib/row-by-id.js';
import type { AuthUser } from '../auth/auth-user.js';
import { carreraOptions } from '../careers/careers.service.js';
import * as repo from './periods.repository.js';

/** Years for the 'Año lectivo' select: those in use, and from two years back to next year. */
export async function formData(db: Db, now = new Date()) {
  const [periodos, registrados, carreras] = await Promise.all([
    repo.periodoOptions(db),
    repo.anhosRegistrados(db),
    carreraOptions(db),
  ]);
  const current = now.getFullYear();
  const years = new Set([...registrados, current - 2, current - 1, current, current + 1]);
  const aniosLectivos = [...years].sort((a, b) => b - a).map((anho) => ({ value: anho, label: String(anho) }));
  return { periodos, aniosLectivos, carreras };
}

function saveRefusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'periodos_anho_nombre_uq') {
    return AppError.badField('nombre', MSG.periodoNombreTaken);
  }
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'periodos_un_activo_uq')
    return AppError.conflict(MSG.conflict);
  return undefined;
}

const periodos = catalogue({
  list: repo.listPeriodos,
  find: repo.findPeriodo,
  writes: repo.periodoWrites,
  messages: { notFound: MSG.periodoNotFound, inUse: MSG.periodoInUse },
  refusal: saveRefusal,
});

export const { list, get, remove } = periodos;

/** Saves a period; saving it active deactivates every other period in the same transaction. */
export function save(db: Db, user: AuthUser, input: PeriodoSave) {
  return periodos.save(
    db,
    user,
    input.id,
    async (tx): Promise<repo.PeriodoValues> => ({
      nombre: input.nombre,
      anhoLectivoId: await repo.anhoLectivoId(tx, input.anho),
      esSemestrePar: input.esSemestrePar,
      activo: input.activo,
      inicioClases: input.inicioClases,
      finClases: input.finClases,
      inicioPeriodoInscripcion: input.inicioPeriodoInscripcion,
      finPeriodoInscripcion: input.finPeriodoInscripcion,
      finCalificarTareas: input.finCalificarTareas,
      finEditarPlaneamiento: input.finEditarPlaneamiento,
    }),
    async (tx, values) => {
      if (values.activo) await repo.deactivateOthers(tx, input.id ?? null);
    },
  );
}

export async function editMateriasFormData(db: Db, id: number) {
  const [periodo, carreras] = await Promise.all([get(db, id), carreraOptions(db)]);
  return { periodo, carreras };
}

/** "Materias del periodo": subjects grouped by semester, each checked when the period offers it. */
export async function materiasBySemesters(db: Db, periodoId: number, carreraId: number) {
  const periodo = await get(db, periodoId);
  const materias = await repo.materiasForSelection(db, periodoId, periodo.esSemestrePar, carreraId);
  const semestres = new Map<
    number,
    { id: number; nombre: string; materias: Omit<repo.SelectionMateria, 'semestre'>[] }
  >();
  for (const { semestre, ...materia } of materias) {
    const group = semestres.get(semestre) ?? { id: semestre, nombre: `${semestre}º Semestre`, materias: [] };
    group.materias.push(materia);
    semestres.set(semestre, group);
  }
  return { semestres: [...semestres.values()] };
}

/**
 * Saves the period's subject choice (`materiasModificadas`): a checked subject is offered in section A unless
 * the period already offers it; an unchecked one is withdrawn with all its sections, which is refused (for
 * the whole save) when students are enrolled in it.
 */
export async function saveMaterias(db: Db, user: AuthUser, input: PeriodoSaveMaterias) {
  const periodo = await get(db, input.periodoId);
  const ids = [...new Set(input.materiasModificadas.map((m) => m.materiaMallaId))];
  const materias = new Map((await repo.findMallaMaterias(db, ids)).map((s) => [s.id, s]));
  for (const id of ids) {
    const materia = materias.get(id);
    if (!materia) throw AppError.notFound(MSG.materiaNotFound);
    if (materia.semestre % 2 !== (periodo.esSemestrePar ? 0 : 1)) {
      throw AppError.badRequest(`${MSG.periodoMateriaNotInPeriod}: ${materia.nombre}`);
    }
  }
  try {
    await writeTx(db, user.id, async (tx) => {
      for (const change of input.materiasModificadas) {
        if (change.selected) {
          await repo.offerMateria(tx, periodo.id, change.materiaMallaId);
        } else {
          if ((await repo.enrolledIn(tx, periodo.id, change.materiaMallaId)) > 0) {
            throw AppError.badRequest(`${MSG.materiaPeriodoInUse} (${materias.get(change.materiaMallaId)!.nombre})`);
          }
          await repo.withdrawMateria(tx, periodo.id, change.materiaMallaId);
        }
      }
    });
  } catch (err) {
    if (findPgError(err)?.code === PG.foreignKeyViolation) throw AppError.badRequest(MSG.materiaPeriodoInUse);
    throw err;
  }
}

/** Periods for selects, latest first (exams, professors and subject-periods ask here). */
export const periodoOptions = (db: DbOrTx) => repo.periodoOptions(db);
