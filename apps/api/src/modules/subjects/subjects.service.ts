import { MSG, type MateriaSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import { foundOr404, saveRow } from '../../lib/row-by-id.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { carreraOptions } from '../careers/careers.service.js';
import * as repo from './subjects.repository.js';

export function list(db: Db, req: PageQuery<repo.MateriaFilters>) {
  return repo.listMaterias(db, req.page, req.pageSize, req.filters);
}

export async function formData(db: Db) {
  return { carreras: await carreraOptions(db) };
}

export function get(db: Db, id: number) {
  return foundOr404(repo.findMateria(db, id), MSG.materiaNotFound);
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

export function save(db: Db, user: AuthUser, input: MateriaSave) {
  return saveRow(
    db,
    user.id,
    input.id,
    {
      values: () => ({
        nombre: input.nombre,
        codigo: input.codigo,
        carreraId: input.carreraId ?? null,
        activo: input.activo,
      }),
      insert: repo.insertMateria,
      update: repo.updateMateria,
    },
    { notFound: MSG.materiaNotFound, refusal },
  );
}

/** A subject listed by a malla or by a professor's teaching category stays (the foreign keys refuse). */
export async function remove(db: Db, user: AuthUser, id: number): Promise<void> {
  await deleteUnlessInUse(db, user.id, (tx) => repo.deleteMateria(tx, id), {
    notFound: MSG.materiaNotFound,
    inUse: MSG.materiaInUse,
  });
}
