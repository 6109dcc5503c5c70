import { sql } from 'drizzle-orm';
import { EstadoPublicacion } from '@arandu/shared';
import { rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import type { WriteTx } from '../../db/tx.js';

/**
 * One step of a subject-period's state, only from the state before it (the state is part of the WHERE, so two
 * clicks at once make one transition): undefined when it was not in that state. Publishing stamps
 * `fecha_publicado` and `fecha_expiracion` (+ `vigenciaMeses`), sealing `fecha_sellado`.
 */
export async function advanceState(tx: WriteTx, id: number, to: 'publish' | 'stamp', vigenciaMeses: number) {
  const from = to === 'publish' ? EstadoPublicacion.Preliminar : EstadoPublicacion.Publicado;
  const set =
    to === 'publish'
      ? sql`estado = ${EstadoPublicacion.Publicado}, fecha_publicado = now(),
            fecha_expiracion = now() + make_interval(months => ${vigenciaMeses}::int)`
      : sql`estado = ${EstadoPublicacion.Sellado}, fecha_sellado = now()`;
  const [row] = await rows<{
    estado: number;
    fechaPublicado: string | null;
    fechaSellado: string | null;
    fechaExpiracion: string | null;
  }>(
    tx,
    sql`update materias_periodo set ${set} where id = ${id} and estado = ${from}
        returning estado::int as estado, ${isoInstant(sql`fecha_publicado`)} as "fechaPublicado",
                  ${isoInstant(sql`fecha_sellado`)} as "fechaSellado", ${isoInstant(sql`fecha_expiracion`)} as "fechaExpiracion"`,
  );
  return row;
}
