import { eq, sql } from 'drizzle-orm';
import type { CarreraListRequest, CarreraRow, Carrera, Option } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { carreras } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsText, offsetOf, toPage, whereAll } from '../../lib/search.js';
import { writesById } from '../../db/by-id.js';

export type CarreraFilters = NonNullable<CarreraListRequest['filters']>;

export async function listCarreras(db: DbOrTx, page: number, pageSize: number, filters: CarreraFilters = {}) {
  const found = await rows<CarreraRow & { total: number }>(
    db,
    sql`select c.id, c.nombre, c.codigo, c.activo,
               (select count(*) from mallas m where m.carrera_id = c.id)::int as "cantidadMallas",
               (select count(*) from materias m where m.carrera_id = c.id)::int as "cantidadMaterias",
               count(*) over()::int as total
          from carreras c
          ${whereAll([containsText(sql`c.nombre`, filters.nombre), containsText(sql`c.codigo`, filters.codigo)])}
         order by sin_acentos(c.nombre), c.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findCarrera(db: DbOrTx, id: number): Promise<Carrera | undefined> {
  const [row] = await db
    .select({ id: carreras.id, nombre: carreras.nombre, codigo: carreras.codigo, activo: carreras.activo })
    .from(carreras)
    .where(eq(carreras.id, id));
  return row;
}

export async function carreraOptions(db: DbOrTx): Promise<Option[]> {
  return db
    .select({ value: carreras.id, label: carreras.nombre })
    .from(carreras)
    .orderBy(sql`sin_acentos(${carreras.nombre})`);
}

export const carreraWrites = writesById(carreras);
