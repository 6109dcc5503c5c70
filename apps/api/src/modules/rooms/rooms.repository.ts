import { eq, sql } from 'drizzle-orm';
import type { Aula, AulaListRequest, AulaOption, AulaRow, AulasLibresQuery } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { writesById } from '../../db/by-id.js';
import { aulas } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import { containsText, offsetOf, toPage, whereAll } from '../../lib/search.js';

export type AulaFilters = NonNullable<AulaListRequest['filters']>;

const COLUMNS = { id: aulas.id, nombre: aulas.nombre, edificio: aulas.edificio, capacidad: aulas.capacidad };

export async function listAulas(db: DbOrTx, page: number, pageSize: number, filters: AulaFilters = {}) {
  const search = filters.search
    ? sql`(${containsText(sql`a.nombre`, filters.search)} or ${containsText(sql`coalesce(a.edificio, '')`, filters.search)})`
    : undefined;
  const found = await rows<AulaRow & { total: number }>(
    db,
    sql`select a.id, a.nombre, a.edificio, a.capacidad, a.tipo,
               (select count(*) from horarios h where h.aula_id = a.id)::int as horarios,
               count(*) over()::int as total
          from aulas a
          ${whereAll([search, filters.tipo ? sql`a.tipo = ${filters.tipo}` : undefined])}
         order by sin_acentos(coalesce(a.edificio, '')), sin_acentos(a.nombre), a.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findAula(db: DbOrTx, id: number): Promise<Aula | undefined> {
  const [row] = await db
    .select({ ...COLUMNS, tipo: aulas.tipo })
    .from(aulas)
    .where(eq(aulas.id, id));
  return row as Aula | undefined;
}

export function aulaOptions(db: DbOrTx): Promise<AulaOption[]> {
  return rows<AulaOption & Record<string, unknown>>(
    db,
    sql`select id as value, nombre as label, capacidad, edificio, tipo
          from aulas order by sin_acentos(coalesce(edificio, '')), sin_acentos(nombre), id`,
  );
}

/**
 * The rooms no schedule row of the period holds on that weekday at any moment between `desde` and `hasta`
 * (a class ending at `desde` leaves the room free), at least `capacidadMinima` seats when asked.
 */
export function aulasLibres(db: DbOrTx, q: AulasLibresQuery): Promise<Aula[]> {
  return rows<Aula & Record<string, unknown>>(
    db,
    sql`select a.id, a.nombre, a.edificio, a.capacidad, a.tipo
          from aulas a
         where not exists (
                 select 1 from horarios h join materias_periodo mp on mp.id = h.materia_periodo_id
                  where h.aula_id = a.id and mp.periodo_id = ${q.periodoId} and h.dia = ${q.dia}
                    and h.hora_inicio < ${q.hasta}::time and ${q.desde}::time < h.hora_fin)
           and (${q.capacidadMinima ?? null}::int is null or a.capacidad >= ${q.capacidadMinima ?? null}::int)
         order by a.capacidad desc nulls last, sin_acentos(a.nombre), a.id`,
  );
}

export interface AulaValues {
  nombre: string;
  edificio: string | null;
  capacidad: number | null;
  tipo: Aula['tipo'];
}

/** Every room with what its screen saves: an import matches a file's rows against them by name. */
export function allAulas(db: DbOrTx): Promise<(Aula & Record<string, unknown>)[]> {
  return rows<Aula & Record<string, unknown>>(
    db,
    sql`select id, nombre, edificio, capacidad, tipo from aulas order by id`,
  );
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Many rooms in one statement each way (the import's apply, inside its transaction). */
export async function insertAulas(tx: WriteTx, values: readonly AulaValues[]): Promise<void> {
  if (!values.length) return;
  await tx.execute(
    sql`insert into aulas (nombre, edificio, capacidad, tipo)
        select v.nombre, v.edificio, v.capacidad, v.tipo
          from jsonb_to_recordset(${json(values)}) as v(nombre text, edificio text, capacidad int, tipo text)`,
  );
}

export async function updateAulas(tx: WriteTx, values: readonly (AulaValues & { id: number })[]): Promise<void> {
  if (!values.length) return;
  await tx.execute(
    sql`update aulas a set nombre = v.nombre, edificio = v.edificio, capacidad = v.capacidad, tipo = v.tipo
          from jsonb_to_recordset(${json(values)}) as v(id int, nombre text, edificio text, capacidad int, tipo text)
         where a.id = v.id`,
  );
}

export const aulaWrites = writesById(aulas);
