import { MSG, type Malla, type MallaMateriaSave, type MallaSave } from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { catalogue } from '../../lib/row-by-id.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { carreraOptions } from '../careers/careers.service.js';
import { saveCorrelativas } from './correlatives.js';
import { lockMalla } from './correlatives.repository.js';
import * as repo from './mallas.repository.js';

export async function formData(db: Db) {
  const [carreras, materias] = await Promise.all([carreraOptions(db), repo.materiaOptions(db)]);
  return { carreras, materias };
}

function saveRefusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'mallas_carrera_nombre_uq') {
    return AppError.badField('nombre', MSG.mallaNombreTaken);
  }
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'mallas_carrera_por_defecto_uq') {
    // Two saves made two mallas of one career default at the same instant: the second is told to retry.
    return AppError.conflict(MSG.conflict);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'mallas_carrera_id_carreras_id_fk') {
    return AppError.badField('carreraId', MSG.carreraNotFound);
  }
  return undefined;
}

/** A malla as its form reads it: the career as the select's option. */
async function findMalla(db: DbOrTx, id: number): Promise<Malla | undefined> {
  const found = await repo.findMalla(db, id);
  if (!found) return undefined;
  const { carreraNombre, ...malla } = found;
  return { ...malla, carrera: { value: malla.carreraId, label: carreraNombre } };
}

const mallas = catalogue({
  list: repo.listMallas,
  find: findMalla,
  writes: repo.mallaWrites,
  messages: { notFound: MSG.mallaNotFound, inUse: MSG.mallaInUse },
  refusal: saveRefusal,
});

export const { list, get, remove } = mallas;

/** Saves a malla; making it the career's default takes the flag from the career's other mallas, in one transaction. */
export function save(db: Db, user: AuthUser, input: MallaSave) {
  return mallas.save(
    db,
    user,
    input.id,
    () => ({
      nombre: input.nombre,
      carreraId: input.carreraId,
      fechaVigencia: input.fechaVigencia,
      usarPorDefecto: input.usarPorDefecto,
      activo: input.activo,
    }),
    async (tx, values) => {
      if (values.usarPorDefecto) await repo.clearOtherDefaults(tx, values.carreraId, input.id ?? null);
    },
  );
}

export async function listMaterias(db: Db, mallaId: number, req: PageQuery<repo.MallaMateriaFilters>) {
  await get(db, mallaId);
  return repo.listMallaMaterias(db, mallaId, req.page, req.pageSize, req.filters);
}

function materiaRefusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'materias_malla_malla_materia_uq') {
    return AppError.badField('materiaId', MSG.mallaMateriaRepeated);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'materias_malla_materia_id_materias_id_fk') {
    return AppError.badField('materiaId', MSG.materiaNotFound);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'materias_malla_malla_id_mallas_id_fk') {
    return AppError.notFound(MSG.mallaNotFound);
  }
  return undefined;
}

/**
 * Adds or edits a row of the malla's subject table, with its correlatives (issue 29) when sent. An offered
 * subject keeps its catalogue subject. The malla's row lock orders saves of one malla, so the correlative
 * checks see every other save's result.
 */
export async function saveMateria(db: Db, user: AuthUser, mallaId: number, input: MallaMateriaSave) {
  const { id, correlativas, ...values } = input;
  try {
    return await writeTx(db, user.id, async (tx) => {
      if (!(await lockMalla(tx, mallaId))) throw AppError.notFound(MSG.mallaNotFound);
      let materiaId = id;
      if (!materiaId) materiaId = await repo.insertMallaMateria(tx, mallaId, values);
      else {
        const current = await repo.findMallaMateria(tx, materiaId);
        if (!current || current.mallaId !== mallaId) throw AppError.notFound(MSG.materiaNotFound);
        if (current.ofertas > 0 && current.materiaId !== values.materiaId) {
          throw AppError.badField('materiaId', MSG.mallaMateriaLocked);
        }
        await repo.updateMallaMateria(tx, materiaId, values);
      }
      await saveCorrelativas(tx, mallaId, materiaId, values.semestreNroOrden, correlativas);
      return { id: materiaId };
    });
  } catch (err) {
    throw materiaRefusal(err) ?? err;
  }
}

/** Removes a subject from its malla, unless a period offers it (the foreign key refuses). */
export async function removeMateria(db: Db, user: AuthUser, id: number): Promise<void> {
  await deleteUnlessInUse(db, user.id, (tx) => repo.deleteMallaMateria(tx, id), {
    notFound: MSG.materiaNotFound,
    inUse: MSG.mallaMateriaInUse,
  });
}

/** Mallas for a form's select (`mallas.repository` `mallaOptions`): subject-periods, enrolments and students ask here. */
export const mallaOptions = (db: DbOrTx, form?: 'oferta' | 'alumno') => repo.mallaOptions(db, form);

// A malla subject's correlatives (enrolment's standing) and a malla subject's values (imports write them).
export { correlativasOf } from './correlatives.repository.js';
export type { MallaMateriaValues } from './mallas.repository.js';
