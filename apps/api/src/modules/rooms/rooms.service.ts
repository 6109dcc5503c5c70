import { AULA_MSG, type AulaSave, type AulasLibresQuery } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { foundOr404, saveRow } from '../../lib/row-by-id.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './rooms.repository.js';

export function list(db: Db, req: PageQuery<repo.AulaFilters>) {
  return repo.listAulas(db, req.page, req.pageSize, req.filters);
}

export function get(db: Db, id: number) {
  return foundOr404(repo.findAula(db, id), AULA_MSG.aulaNotFound);
}

export const options = (db: Db) => repo.aulaOptions(db);

export async function libres(db: Db, query: AulasLibresQuery) {
  const [periodo] = await rows<{ id: number }>(db, sql`select id from periodos where id = ${query.periodoId}`);
  if (!periodo) throw AppError.notFound('El periodo no existe');
  return repo.aulasLibres(db, query);
}

function refusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'aulas_nombre_uq') {
    return AppError.badField('nombre', AULA_MSG.nombreTaken);
  }
  return undefined;
}

export function save(db: Db, user: AuthUser, input: AulaSave) {
  return saveRow(
    db,
    user.id,
    input.id,
    {
      values: () => ({ nombre: input.nombre, edificio: input.edificio, capacidad: input.capacidad, tipo: input.tipo }),
      insert: repo.insertAula,
      update: repo.updateAula,
    },
    { notFound: AULA_MSG.aulaNotFound, refusal },
  );
}

/** A room a schedule row names stays: the foreign key refuses, and the user reads why. */
export async function remove(db: Db, user: AuthUser, id: number): Promise<void> {
  await deleteUnlessInUse(db, user.id, (tx) => repo.deleteAula(tx, id), {
    notFound: AULA_MSG.aulaNotFound,
    inUse: AULA_MSG.aulaInUse,
  });
}
