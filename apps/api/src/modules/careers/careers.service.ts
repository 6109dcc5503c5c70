import { MSG, type CarreraSave } from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { foundOr404, saveRow } from '../../lib/row-by-id.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './careers.repository.js';

export function list(db: Db, req: PageQuery<repo.CarreraFilters>) {
  return repo.listCarreras(db, req.page, req.pageSize, req.filters);
}

export function get(db: Db, id: number) {
  return foundOr404(repo.findCarrera(db, id), MSG.carreraNotFound);
}

/** The spec's own messages for the constraints a career save can meet. */
function refusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code !== PG.uniqueViolation) return undefined;
  if (pg.constraint === 'carreras_nombre_unique') return AppError.badField('nombre', MSG.carreraNombreTaken);
  if (pg.constraint === 'carreras_codigo_unique') return AppError.badField('codigo', MSG.carreraCodigoTaken);
  return undefined;
}

export function save(db: Db, user: AuthUser, input: CarreraSave) {
  return saveRow(
    db,
    user.id,
    input.id,
    {
      values: () => ({ nombre: input.nombre, codigo: input.codigo, activo: input.activo }),
      insert: repo.insertCarrera,
      update: repo.updateCarrera,
    },
    { notFound: MSG.carreraNotFound, refusal },
  );
}

/** A career with mallas or subjects stays: the foreign keys refuse, and the user reads why. */
export async function remove(db: Db, user: AuthUser, id: number): Promise<void> {
  await deleteUnlessInUse(db, user.id, (tx) => repo.deleteCarrera(tx, id), {
    notFound: MSG.carreraNotFound,
    inUse: MSG.carreraInUse,
  });
}

/** Careers for a form's select (mallas, periods, subjects ask here). */
export const carreraOptions = (db: DbOrTx) => repo.carreraOptions(db);
