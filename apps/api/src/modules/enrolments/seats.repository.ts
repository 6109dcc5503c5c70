import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray, preparedRows, rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';

/**
 * The SQL of seat limits (docs/decisions/024). The counters of `asientos_materia_periodo` are kept by the
 * triggers of the seats migration; here they are only read as hints, locked, or recounted when a cap is set.
 */

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The constraint name the enrolment trigger raises when a section has no free seat. */
export const CUPO_CONSTRAINT = 'asientos_materia_periodo_cupo';

/**
 * SQL: the capped subject-period `mp` (with its counter row `a`) looks full now to the student: no free seat, or
 * students already waiting (who come first). A student holding a live offer of it (a row of its list with
 * `oferta_vence` ahead, as the enrolment trigger reads it) has the seat the offer holds, counted in `ofrecidos`.
 */
export const looksFull = (perfilAlumnoId: SQL) => sql`mp.cupo is not null and case
  when exists (select 1 from lista_espera o
                where o.materia_periodo_id = a.materia_periodo_id and o.perfil_alumno_id = ${perfilAlumnoId}
                  and o.oferta_vence > now())
  then a.ocupados + a.ofrecidos - 1 >= mp.cupo
  else a.ocupados + a.ofrecidos >= mp.cupo or a.esperando > 0 end`;

/** Which of the capped subject-periods look full now to the student: a hint read before inserting; the trigger's conditional update has the last word. */
export async function fullAmong(db: DbOrTx, perfilAlumnoId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select a.materia_periodo_id as id
          from asientos_materia_periodo a join materias_periodo mp on mp.id = a.materia_periodo_id
         where a.materia_periodo_id in (${idList(ids)}) and ${looksFull(sql`${perfilAlumnoId}::int`)}`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Puts the student on the lists of the subject-periods (or finds them there) and answers each position. The
 * counter rows are locked first, in subject-period order and in a statement of their own, so the count that
 * follows (a fresh snapshot) sees every joiner before this one: two students joining at once never get the
 * same position. Two statements for all the save's full sections (it was two for each).
 */
export async function joinLists(
  db: WriteTx,
  perfilAlumnoId: number,
  materiaPeriodoIds: number[],
): Promise<Map<number, number>> {
  if (materiaPeriodoIds.length === 0) return new Map();
  const ids = intArray(materiaPeriodoIds);
  await preparedRows(
    db,
    sql`select 1 as uno from asientos_materia_periodo where materia_periodo_id = any(${ids})
         order by materia_periodo_id for update`,
  );
  const found = await preparedRows<{ id: number; posicion: number }>(
    db,
    sql`with nuevo as (
          insert into lista_espera (materia_periodo_id, perfil_alumno_id)
          select x, ${perfilAlumnoId}::int from unnest(${ids}) x order by x
          on conflict do nothing returning materia_periodo_id, orden
        ), mio as (
          select materia_periodo_id, min(orden) as orden
            from (select materia_periodo_id, orden from nuevo
                  union all
                  select materia_periodo_id, orden from lista_espera
                   where materia_periodo_id = any(${ids}) and perfil_alumno_id = ${perfilAlumnoId}::int) t
           group by materia_periodo_id
        )
        select mio.materia_periodo_id as id,
               1 + (select count(*) from lista_espera l
                     where l.materia_periodo_id = mio.materia_periodo_id and l.orden < mio.orden)::int as posicion
          from mio`,
  );
  return new Map(found.map((r) => [r.id, r.posicion]));
}

/**
 * Runs `work` with the enrolment trigger told to allow overbooking (an Admin's explicit `sobrecupo`). The trigger
 * checks that the transaction's writer is an Admin and writes the audit entry ('sobrecupos') of each enrolment it
 * lets over the cap or ahead of the waiting list.
 */
export async function overbooking<T>(db: DbOrTx, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`select set_config('arandu.sobrecupo', 'on', true)`);
  try {
    return await work();
  } finally {
    await db.execute(sql`select set_config('arandu.sobrecupo', '', true)`);
  }
}

export interface CupoCounts {
  cupo: number | null;
  inscriptos: number;
  ofrecidos: number;
  esperando: number;
}

/**
 * The true counts of a subject-period, read after the caller locked its row FOR UPDATE (which waits for every
 * enrolment in flight, whose trigger holds KEY SHARE on it): what a new cap is checked against and starts from.
 */
export async function countCupos(db: DbOrTx, materiaPeriodoId: number): Promise<CupoCounts> {
  const [row] = await rows<CupoCounts & Record<string, unknown>>(
    db,
    sql`select mp.cupo,
               (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as inscriptos,
               (select count(*) from lista_espera l where l.materia_periodo_id = mp.id and l.oferta_vence is not null)::int as ofrecidos,
               (select count(*) from lista_espera l where l.materia_periodo_id = mp.id and l.oferta_vence is null)::int as esperando
          from materias_periodo mp where mp.id = ${materiaPeriodoId}`,
  );
  return row!;
}

/** Writes a new cap and its counters (recounted), or removes both. The row must be locked FOR UPDATE. */
export async function writeCap(db: WriteTx, materiaPeriodoId: number, cupo: number | null, counts: CupoCounts) {
  if (cupo === null) {
    await db.execute(sql`delete from asientos_materia_periodo where materia_periodo_id = ${materiaPeriodoId}`);
  } else {
    await db.execute(
      sql`insert into asientos_materia_periodo (materia_periodo_id, ocupados, ofrecidos, esperando)
          values (${materiaPeriodoId}, ${counts.inscriptos}, ${counts.ofrecidos}, ${counts.esperando})
          on conflict (materia_periodo_id) do update
            set ocupados = excluded.ocupados, ofrecidos = excluded.ofrecidos, esperando = excluded.esperando`,
    );
  }
  if (cupo !== counts.cupo) {
    await db.execute(sql`update materias_periodo set cupo = ${cupo} where id = ${materiaPeriodoId}`);
  }
}
