import { MSG, type CarreraSave } from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { catalogue } from '../../lib/row-by-id.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './careers.repository.js';

/** The spec's own messages for the constraints a career save can meet. */
function refusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code !== PG.uniqueViolation) return undefined;
  if (pg.constraint === 'carreras_nombre_unique') return AppError.badField('nombre', MSG.carreraNombreTaken);
  if (pg.constraint === 'carreras_codigo_unique') return AppError.badField('codigo', MSG.carreraCodigoTaken);
  return undefined;
}

/** A career with mallas or subjects stays on remove: the foreign keys refuse, and the user reads why. */
const carreras = catalogue({
  list: repo.listCarreras,
  find: repo.findCarrera,
  writes: repo.carreraWrites,
  messages: { notFound: MSG.carreraNotFound, inUse: MSG.carreraInUse },
  refusal,
});

export const { list, get, remove } = carreras;

export const save = (db: Db, user: AuthUser, input: CarreraSave) =>
  carreras.save(db, user, input.id, () => ({ nombre: input.nombre, codigo: input.codigo, activo: input.activo }));

/** Careers for a form's select (mallas, periods, subjects ask here). */
export const carreraOptions = (db: DbOrTx) => repo.carreraOptions(db);
