import { MSG, type MateriaSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { catalogue } from '../../lib/row-by-id.js';
import type { AuthUser } from '../auth/auth-user.js';
import { carreraOptions } from '../careers/careers.service.js';
import * as repo from './subjects.repository.js';

export async function formData(db: Db) {
  return { carreras: await carreraOptions(db) };
}

function refusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'materias_codigo_unique') {
    return AppError.badField('codigo', MSG.materiaCodigoTaken);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'materias_carrera_id_carreras_id_fk') {
    return AppError.badField('carreraId', MSG.carreraNotFound);
  }
  return undefined;
}

/** A subject listed by a malla or by a professor's teaching category stays on remove (the foreign keys refuse). */
const materias = catalogue({
  list: repo.listMaterias,
  find: repo.findMateria,
  writes: repo.materiaWrites,
  messages: { notFound: MSG.materiaNotFound, inUse: MSG.materiaInUse },
  refusal,
});

export const { list, get, remove } = materias;

export const save = (db: Db, user: AuthUser, input: MateriaSave) =>
  materias.save(db, user, input.id, () => ({
    nombre: input.nombre,
    codigo: input.codigo,
    carreraId: input.carreraId ?? null,
    activo: input.activo,
  }));
