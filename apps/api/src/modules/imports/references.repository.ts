import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';

export interface References {
  paises: { id: number; nombre: string; codigo: string | null }[];
  carreras: { id: number; nombre: string; codigo: string }[];
  mallas: { id: number; carreraId: number; nombre: string; usarPorDefecto: boolean; activo: boolean }[];
  materias: { id: number; codigo: string; nombre: string; carreraId: number | null }[];
  escalafones: { id: number; nombre: string }[];
}

/**
 * The catalogues a row names by text (countries, careers, mallas, subjects, ranks): small, read once a file.
 * One after another: inside a transaction they share one connection.
 */
export async function loadReferences(db: DbOrTx): Promise<References> {
  const paises = await rows<References['paises'][number]>(db, sql`select id, nombre, codigo from paises order by id`);
  const carreras = await rows<References['carreras'][number]>(
    db,
    sql`select id, nombre, codigo from carreras where activo order by id`,
  );
  const mallas = await rows<References['mallas'][number]>(
    db,
    sql`select id, carrera_id as "carreraId", nombre, usar_por_defecto as "usarPorDefecto", activo
            from mallas order by id`,
  );
  const materias = await rows<References['materias'][number]>(
    db,
    sql`select id, codigo, nombre, carrera_id as "carreraId" from materias order by id`,
  );
  const escalafones = await rows<References['escalafones'][number]>(
    db,
    sql`select id, nombre from escalafones_docentes where activo order by orden`,
  );
  return { paises, carreras, mallas, materias, escalafones };
}
