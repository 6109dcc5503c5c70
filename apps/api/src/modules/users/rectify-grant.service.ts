import { MSG, MSG_EXAMENES, type RectifyGrant, type UserDetail } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { getUser } from './users.service.js';

/**
 * The root administrator grants a Funcionario 'actas:rectificar', or takes it back (issue 30); Admins hold it by
 * role. Audited by the users table's trigger; in effect from the Funcionario's next request.
 */
export async function setRectifyGrant(db: Db, actor: AuthUser, id: number, input: RectifyGrant): Promise<UserDetail> {
  if (!actor.esAdminRoot) throw AppError.forbidden(MSG_EXAMENES.rectificacionGrantRootOnly);
  await writeTx(db, actor.id, async (tx) => {
    const [target] = await rows<{ esFuncionario: boolean }>(
      tx,
      sql`select es_funcionario as "esFuncionario" from usuarios where id = ${id} for update`,
    );
    if (!target) throw AppError.notFound(MSG.userNotFound);
    if (input.puedeRectificar && !target.esFuncionario) {
      throw AppError.badRequest(MSG_EXAMENES.rectificacionGrantFuncionario);
    }
    await tx.execute(sql`update usuarios set puede_rectificar = ${input.puedeRectificar} where id = ${id}`);
  });
  return getUser(db, actor, id);
}
