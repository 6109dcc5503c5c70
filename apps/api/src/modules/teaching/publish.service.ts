import { sql } from 'drizzle-orm';
import { EstadoPublicacion, MSG_TEACHING as T } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { isoInstant } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { getSettings } from '../settings/settings.service.js';
import { estadoOf } from '../subject-periods/subject-periods.service.js';
import { loadReadable } from './teaching-access.js';

/**
 * Preliminar -> Publicado (stamps `fechaPublicado` and `fechaExpiracion` = it + `vigenciaDerechoExamenMeses`)
 * and Publicado -> Sellado (stamps `fechaSellado`), DOMAIN.md section 5. The state is part of the WHERE,
 * so two clicks at once make one transition and the other gets the 400; nothing goes back (a trigger of
 * migration 0001 refuses that too).
 */
export async function transition(db: Db, user: AuthUser, id: number, to: 'publish' | 'stamp') {
  await loadReadable(db, user, id);
  const { vigenciaDerechoExamenMeses } = await getSettings(db);
  const from = to === 'publish' ? EstadoPublicacion.Preliminar : EstadoPublicacion.Publicado;
  const set =
    to === 'publish'
      ? sql`estado = ${EstadoPublicacion.Publicado}, fecha_publicado = now(),
            fecha_expiracion = now() + make_interval(months => ${vigenciaDerechoExamenMeses}::int)`
      : sql`estado = ${EstadoPublicacion.Sellado}, fecha_sellado = now()`;
  const [row] = await writeTx(db, user.id, (tx) =>
    rows<{
      estado: number;
      fechaPublicado: string | null;
      fechaSellado: string | null;
      fechaExpiracion: string | null;
    }>(
      tx,
      sql`update materias_periodo set ${set} where id = ${id} and estado = ${from}
          returning estado::int as estado, ${isoInstant(sql`fecha_publicado`)} as "fechaPublicado",
                    ${isoInstant(sql`fecha_sellado`)} as "fechaSellado", ${isoInstant(sql`fecha_expiracion`)} as "fechaExpiracion"`,
    ),
  );
  if (!row) throw AppError.badRequest(to === 'publish' ? T.publicarNotPreliminar : T.sellarNotPublicado);
  const { estado, ...rendimientoAlumno } = row;
  return { estado: estadoOf(estado), rendimientoAlumno };
}
