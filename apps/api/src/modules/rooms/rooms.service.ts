import { AULA_MSG, type AulaSave, type AulasLibresQuery } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { WriteTx } from '../../db/tx.js';
import { rows } from '../../db/sql.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { catalogue } from '../../lib/row-by-id.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './rooms.repository.js';

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

/** What a save writes of a room checked by zAulaSave: the screen's save and the rooms' import (issue 45) alike. */
export const aulaValues = (input: AulaSave): repo.AulaValues => ({
  nombre: input.nombre,
  edificio: input.edificio,
  capacidad: input.capacidad,
  tipo: input.tipo,
});

/** A room's name as the unique index `aulas_nombre_uq` compares it: 'b-12' is 'B-12'. */
export const aulaNombreKey = (nombre: string) => nombre.trim().toLowerCase();

/** A room a schedule row names stays on remove: the foreign key refuses, and the user reads why. */
const aulas = catalogue({
  list: repo.listAulas,
  find: repo.findAula,
  writes: repo.aulaWrites,
  messages: { notFound: AULA_MSG.aulaNotFound, inUse: AULA_MSG.aulaInUse },
  refusal,
});

export const { list, get, remove } = aulas;

export const save = (db: Db, user: AuthUser, input: AulaSave) =>
  aulas.save(db, user, input.id, () => aulaValues(input));

export type { AulaValues } from './rooms.repository.js';

/** Every room with what its screen saves: the rooms' import matches a file's rows against them by name. */
export const allAulas = (db: DbOrTx) => repo.allAulas(db);

/** The rooms' import apply (issue 45): the new rooms and the changed ones, one statement each, in its transaction. */
export async function writeAulas(
  tx: WriteTx,
  creates: readonly repo.AulaValues[],
  updates: readonly (repo.AulaValues & { id: number })[],
): Promise<void> {
  await repo.insertAulas(tx, creates);
  await repo.updateAulas(tx, updates);
}
