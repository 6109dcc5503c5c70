import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant } from '../../lib/search.js';
import { teachesSql } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';

/**
 * An autosaved cell of the plan page: a homework score or an attendance mark. Both are written the same way
 * (docs/decisions/007-teaching.md): with `secuencia` (the client's order of its saves, milliseconds since the
 * epoch) a save not newer than what the cell holds is not applied; without it the server orders by arrival,
 * so the last one to commit stands. Clearing deletes the row ("not scored" / "not taken" is no row) and
 * records the clearing save's sequence beside it, so an older save that arrives afterwards (a retry, a slow
 * request) cannot bring the value back. Saves of one enrolment's cells take turns on a transaction-level
 * advisory lock (`enrolmentCellsLock`), so each one's statements, its percentage recomputed from a snapshot
 * included, see what the one before it committed.
 */
interface CellTable {
  /** Table of the values, its owner column (homework or session) and its value column with its SQL type. */
  cells: string;
  owner: string;
  value: string;
  type: 'numeric' | 'boolean';
  /** Table of the cleared cells' sequences (drizzle/0014_cleared_cells.sql). */
  cleared: string;
}

/** The value columns' SQL types, as SQL written here rather than text passed through. */
const SQL_TYPES: Record<CellTable['type'], SQL> = { numeric: sql`numeric`, boolean: sql`boolean` };

export const PUNTAJE_CELLS: CellTable = {
  cells: 'tareas_materia_alumnos',
  owner: 'tarea_materia_id',
  value: 'puntaje_obtenido',
  type: 'numeric',
  cleared: 'puntajes_borrados',
};

export const MARK_CELLS: CellTable = {
  cells: 'asistencias_alumnos',
  owner: 'asistencia_id',
  value: 'presente',
  type: 'boolean',
  cleared: 'marcas_borradas',
};

/** The two-key advisory space's first key for the autosave locks (the app's other advisory locks take one key). */
const AUTOSAVE_LOCKS = 1;

/**
 * The lock that one enrolment's autosaved cells (its scores and its marks) take turns on, as an expression,
 * so a caller can take it in a statement it sends anyway (the score save takes it with its homework row).
 * Per enrolment rather than per cell: a save recomputes the student's percentage from a snapshot, so two
 * saves of one student's cells must not overlap, or the later percentage would miss the other's value.
 */
function enrolmentCellsLock(inscripcionId: number | SQL): SQL {
  return sql`pg_advisory_xact_lock(${AUTOSAVE_LOCKS}::int4, (${inscripcionId})::int4)`;
}

/** What both autosaves check before they write (`cellSaveChecks`). */
export type CellSaveChecks = {
  estado: number;
  finCalificarTareas: string;
  teaches: boolean;
  inscripcionMateriaPeriodoId: number | null;
};

/**
 * The columns a score or mark save checks, for a statement that joins the cell's subject-period as `mp` and
 * its period as `p`: the state and deadline, whether the user teaches it, the enrolment's subject-period;
 * and the enrolment's autosave lock, taken by the same statement.
 */
export function cellSaveChecks(v: { userId: number; inscripcionId: number }): SQL {
  return sql`mp.estado::int as estado, ${isoInstant(sql`p.fin_calificar_tareas`)} as "finCalificarTareas",
             ${teachesSql(sql`mp.id`, v.userId)} as teaches,
             (select i.materia_periodo_id from inscripciones_materia i where i.id = ${v.inscripcionId})
               as "inscripcionMateriaPeriodoId",
             ${enrolmentCellsLock(v.inscripcionId)}::text as locked`;
}

/**
 * Every enrolment lock of a subject-period, in id order, for a change that recomputes every student's
 * percentage (a homework saved or deleted, the weights toggled, a session saved or deleted, 'mark all
 * present'). Taken first in its transaction, before the homework or session row it changes: a cell's save
 * takes its enrolment lock before those rows, so the same order everywhere leaves no deadlock.
 */
export async function lockMateriaCells(db: DbOrTx, materiaPeriodoId: number): Promise<void> {
  await db.execute(
    sql`select ${enrolmentCellsLock(sql`s.id`)}
          from (select id from inscripciones_materia where materia_periodo_id = ${materiaPeriodoId} order by id) s`,
  );
}

const SERVER_CLOCK = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Writes one cell and returns what it holds afterwards (a newer save may have won). The caller's transaction
 * holds the enrolment's lock, taken with its checks in an earlier statement (`cellSaveChecks`), so the write
 * takes its snapshot after the lock was granted.
 */
export async function writeCell<V extends number | boolean>(
  db: WriteTx,
  table: CellTable,
  v: { ownerId: number; inscripcionId: number; value: V | null; secuencia?: number | undefined },
): Promise<{ value: V; secuencia: number } | undefined> {
  const [cells, owner, value, cleared] = [table.cells, table.owner, table.value, table.cleared].map((n) =>
    sql.identifier(n),
  );
  const type = SQL_TYPES[table.type];
  const seq = sql`${v.secuencia ?? null}::bigint`;
  const cell = sql`${owner} = ${v.ownerId} and inscripcion_materia_id = ${v.inscripcionId}`;
  // numeric comes back from the driver as text; a score is a number to the callers.
  const read = sql`${value}${table.type === 'numeric' ? sql`::float8` : sql``} as value, secuencia::float8 as secuencia`;
  if (v.value === null) {
    await db.execute(
      sql`with gone as (delete from ${cells} where ${cell} and (${seq} is null or secuencia < ${seq}))
          insert into ${cleared} as c (${owner}, inscripcion_materia_id, secuencia)
          select ${v.ownerId}, ${v.inscripcionId}, ${seq} where ${seq} is not null
          on conflict (${owner}, inscripcion_materia_id) do update set secuencia = greatest(c.secuencia, excluded.secuencia)`,
    );
  } else {
    const [written] = await rows<{ value: V; secuencia: number }>(
      db,
      sql`insert into ${cells} as s (${owner}, inscripcion_materia_id, ${value}, secuencia)
          select ${v.ownerId}, ${v.inscripcionId}, ${v.value}::${type}, coalesce(${seq}, ${SERVER_CLOCK})
           where ${seq} is null
              or not exists (select 1 from ${cleared} c where c.${owner} = ${v.ownerId}
                               and c.inscripcion_materia_id = ${v.inscripcionId} and c.secuencia >= ${seq})
          on conflict (${owner}, inscripcion_materia_id) do update
             set ${value} = excluded.${value},
                 secuencia = case when ${seq} is null then greatest(s.secuencia + 1, excluded.secuencia)
                                  else excluded.secuencia end
           where ${seq} is null or excluded.secuencia > s.secuencia
          returning ${read}`,
    );
    // Nothing returned: a newer save (or a newer clearing) was already stored; the select below reads it.
    if (written) return written;
  }
  const [stored] = await rows<{ value: V; secuencia: number }>(db, sql`select ${read} from ${cells} where ${cell}`);
  return stored;
}
