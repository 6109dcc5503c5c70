import { eq, sql } from 'drizzle-orm';
import type { Materia, MateriaListRequest, MateriaRow } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { materias } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsText, offsetOf, toPage, whereAll } from '../../lib/search.js';
import { writesById } from '../../db/by-id.js';

export type MateriaFilters = NonNullable<MateriaListRequest['filters']>;

export async function listMaterias(db: DbOrTx, page: number, pageSize: number, filters: MateriaFilters = {}) {
  const found = await rows<MateriaRow & { total: number }>(
    db,
    sql`select m.id, m.nombre, m.codigo, m.carrera_id as "carreraId", c.nombre as carrera, m.activo,
               (select count(*) from materias_malla mm where mm.materia_id = m.id)::int as "cantidadMallas",
               count(*) over()::int as total
          from materias m
          left join carreras c on c.id = m.carrera_id
          ${whereAll([
            containsText(sql`m.nombre`, filters.nombre),
            containsText(sql`m.codigo`, filters.codigo),
            filters.carreraId ? sql`m.carrera_id = ${filters.carreraId}` : undefined,
          ])}
         order by sin_acentos(m.nombre), m.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findMateria(db: DbOrTx, id: number): Promise<Materia | undefined> {
  const [row] = await db
    .select({
      id: materias.id,
      nombre: materias.nombre,
      codigo: materias.codigo,
      carreraId: materias.carreraId,
      activo: materias.activo,
    })
    .from(materias)
    .where(eq(materias.id, id));
  return row;
}

export const materiaWrites = writesById(materias);
