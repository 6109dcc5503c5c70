import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';

/** A day without classes of a period's academic calendar (issue 45). */
export interface DiaSinClases {
  /** aaaa-mm-dd */
  fecha: string;
  nombre: string;
}

/**
 * The days without classes of a period between `desde` and `hasta` (both `aaaa-mm-dd`, inclusive; null = no
 * bound), by date. Whatever dates or counts classes (attendance, early warnings, planning) asks here, so a
 * holiday added once is left out everywhere; 'Mi horario' and the calendar feed read the same rows within their
 * one statement (schedule.repository.ts `fuentesRows`).
 */
export function diasSinClases(
  db: DbOrTx,
  periodoId: number,
  desde: string | null = null,
  hasta: string | null = null,
): Promise<DiaSinClases[]> {
  return rows<DiaSinClases & Record<string, unknown>>(
    db,
    sql`select to_char(fecha, 'YYYY-MM-DD') as fecha, nombre
          from dias_sin_clases
         where periodo_id = ${periodoId}
           and (${desde}::date is null or fecha >= ${desde}::date)
           and (${hasta}::date is null or fecha <= ${hasta}::date)
         order by fecha`,
  );
}
