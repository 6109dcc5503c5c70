import { MSG_TEACHING as T } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { noticeGradesPublished } from '../notices/notices.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { getSettings } from '../settings/settings.service.js';
import { estadoOf } from '../subject-periods/subject-periods.service.js';
import { advanceState } from './publish.repository.js';
import { teachingMateria } from './teaching-access.js';

/**
 * Preliminar -> Publicado (stamps `fechaPublicado` and `fechaExpiracion` = it + `vigenciaDerechoExamenMeses`)
 * and Publicado -> Sellado (stamps `fechaSellado`), DOMAIN.md section 5. The state is part of the WHERE,
 * so two clicks at once make one transition and the other gets the 400; nothing goes back (a trigger of
 * migration 0001 refuses that too).
 */
export async function transition(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  id: number,
  to: 'publish' | 'stamp',
  now = new Date(),
) {
  await teachingMateria(db, user, id, 'edit');
  const { vigenciaDerechoExamenMeses } = await getSettings(db);
  const row = await writeTx(db, user.id, async (tx) => {
    const advanced = await advanceState(tx, id, to, vigenciaDerechoExamenMeses);
    // The students hear of their published grades (issue 30), in the same transaction as the publishing.
    if (advanced && to === 'publish') await noticeGradesPublished(tx, mailer, id, now);
    return advanced;
  });
  if (!row) throw AppError.badRequest(to === 'publish' ? T.publicarNotPreliminar : T.sellarNotPublicado);
  if (to === 'publish') mailer.deliverSoon();
  const { estado, ...rendimientoAlumno } = row;
  return { estado: estadoOf(estado), rendimientoAlumno };
}
