import { sql } from 'drizzle-orm';
import type { CalendarioAcademico } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import { FACULTY_ZONE_LITERAL } from '../../db/faculty-zone.js';

const day = (column: string) => sql.raw(`to_char(${column} at time zone ${FACULTY_ZONE_LITERAL}, 'YYYY-MM-DD')`);

/** The period's dates as calendar days in Asunción, for the month view and the date's bounds. */
export async function findPeriodo(db: DbOrTx, id: number): Promise<CalendarioAcademico['periodo'] | undefined> {
  const [row] = await rows<CalendarioAcademico['periodo']>(
    db,
    sql`select p.id, p.nombre, ${day('p.inicio_clases')} as "inicioClases", ${day('p.fin_clases')} as "finClases",
               ${day('p.inicio_periodo_inscripcion')} as "inicioPeriodoInscripcion",
               ${day('p.fin_periodo_inscripcion')} as "finPeriodoInscripcion"
          from periodos p where p.id = ${id}`,
  );
  return row;
}

/** The days of the period's exams (its subject-periods' exam boards), with how many fall on each. */
export function diasDeExamen(db: DbOrTx, periodoId: number) {
  return rows<{ fecha: string; cantidad: number }>(
    db,
    sql`select ${day('e.fecha')} as fecha, count(*)::int as cantidad
          from examenes e join materias_periodo mp on mp.id = e.materia_periodo_id
         where mp.periodo_id = ${periodoId}
         group by 1 order by 1`,
  );
}

/** Whether it was added (false: the date was already marked). */
export async function insertDia(tx: WriteTx, periodoId: number, fecha: string, nombre: string): Promise<boolean> {
  const done = await rows(
    tx,
    sql`insert into dias_sin_clases (periodo_id, fecha, nombre) values (${periodoId}, ${fecha}::date, ${nombre})
        on conflict (periodo_id, fecha) do nothing returning id`,
  );
  return done.length > 0;
}

/** Whether it was there. */
export async function deleteDia(tx: WriteTx, periodoId: number, fecha: string): Promise<boolean> {
  const done = await rows(
    tx,
    sql`delete from dias_sin_clases where periodo_id = ${periodoId} and fecha = ${fecha}::date returning id`,
  );
  return done.length > 0;
}
