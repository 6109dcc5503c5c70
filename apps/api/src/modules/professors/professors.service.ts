import { can, MSG, type ProfesorMateria } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { periodoOptions } from '../periods/periods.service.js';
import { estadoOf } from '../subject-periods/subject-periods.service.js';
import * as repo from './professors.repository.js';

function toItem(r: repo.ProfesorMateriaRecord): ProfesorMateria {
  const { estadoValue, fechaPublicado, fechaSellado, fechaExpiracion, ...rest } = r;
  return {
    ...rest,
    estado: estadoOf(estadoValue),
    rendimientoAlumno: { fechaPublicado, fechaSellado, fechaExpiracion },
  };
}

/**
 * 'Materias asignadas'. A professor sees only the subject-periods they teach; staff asking for `todos`
 * (viewing as staff) see every one, with the star only where they teach.
 */
export async function list(
  db: Db,
  user: AuthUser,
  req: PageQuery<repo.ProfesorMateriasFilters & { todos?: boolean | undefined }>,
) {
  const todos = !!req.filters?.todos && can(user, 'teaching:any');
  const page = await repo.listProfesorMaterias(db, user.id, todos, req.page, req.pageSize, req.filters ?? {});
  return { totalItemsCount: page.totalItemsCount, items: page.items.map(toItem) };
}

export async function dashboard(db: Db, user: AuthUser) {
  return (await repo.dashboard(db, user.id)).map(toItem);
}

/** The star is the professor's own: someone else's subject-period answers 404. */
export async function toggleDashboard(db: Db, user: AuthUser, id: number) {
  const row = await writeTx(db, user.id, (tx) => repo.toggleStar(tx, user.id, id));
  if (!row) throw AppError.notFound(MSG.materiaPeriodoNotFound);
  return { id, mostrarEnTablero: row.mostrarEnTablero };
}

export async function formData(db: Db) {
  return { periodos: await periodoOptions(db) };
}
