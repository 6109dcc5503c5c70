import { and, eq, ne, sql } from 'drizzle-orm';
import type { MallaListRequest, MallaMateriaRow, MallaRow, MateriaOption } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { mallas, materiasMalla } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { correlativasJson } from './correlatives.repository.js';
import { containsText, offsetOf, toPage, whereAll } from '../../lib/search.js';
import { deleteById, writesById } from '../../db/by-id.js';
import type { WriteTx } from '../../db/tx.js';

export type MallaFilters = NonNullable<MallaListRequest['filters']>;
export interface MallaMateriaFilters {
  semestre?: number | undefined;
  materia?: string | undefined;
}

export async function listMallas(db: DbOrTx, page: number, pageSize: number, filters: MallaFilters = {}) {
  const found = await rows<MallaRow & { total: number }>(
    db,
    sql`select m.id, m.nombre, m.carrera_id as "carreraId", c.nombre as carrera,
               m.fecha_vigencia::text as "fechaVigencia", m.usar_por_defecto as "usarPorDefecto", m.activo,
               (select count(*) from materias_malla mm where mm.malla_id = m.id)::int as "cantidadMaterias",
               count(*) over()::int as total
          from mallas m
          join carreras c on c.id = m.carrera_id
          ${whereAll([
            containsText(sql`m.nombre`, filters.nombre),
            containsText(sql`c.nombre`, filters.carrera),
            filters.fechaVigencia ? sql`m.fecha_vigencia = ${filters.fechaVigencia}::date` : undefined,
          ])}
         order by sin_acentos(c.nombre), m.fecha_vigencia desc, m.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findMalla(db: DbOrTx, id: number) {
  const [row] = await rows<{
    id: number;
    nombre: string;
    carreraId: number;
    carreraNombre: string;
    fechaVigencia: string;
    usarPorDefecto: boolean;
    activo: boolean;
  }>(
    db,
    sql`select m.id, m.nombre, m.carrera_id as "carreraId", c.nombre as "carreraNombre",
               m.fecha_vigencia::text as "fechaVigencia", m.usar_por_defecto as "usarPorDefecto", m.activo
          from mallas m join carreras c on c.id = m.carrera_id
         where m.id = ${id}`,
  );
  return row;
}

/**
 * Mallas for a form's select, with their career. The subject-period and enrolment forms offer every malla as
 * "Carrera - Malla", active ones first; the student form offers only the active ones, as 'Malla - Carrera'
 * (spec 02), the default one of each career first.
 */
export async function mallaOptions(db: DbOrTx, form: 'oferta' | 'alumno' = 'oferta') {
  const alumno = form === 'alumno';
  return rows<{ value: number; label: string; carreraId: number }>(
    db,
    sql`select m.id as value, m.carrera_id as "carreraId",
               ${alumno ? sql`m.nombre || ' - ' || c.nombre` : sql`c.nombre || ' - ' || m.nombre`} as label
          from mallas m join carreras c on c.id = m.carrera_id
         ${alumno ? sql`where m.activo order by c.nombre, m.usar_por_defecto desc, m.fecha_vigencia desc, m.id` : sql`order by m.activo desc, sin_acentos(c.nombre), m.fecha_vigencia desc`}`,
  );
}

export async function materiaOptions(db: DbOrTx): Promise<MateriaOption[]> {
  return rows<MateriaOption>(
    db,
    sql`select id as value, codigo || ' - ' || nombre as label, codigo, carrera_id as "carreraId"
          from materias where activo order by sin_acentos(nombre), codigo`,
  );
}

/** One default malla per career: the one being saved as default takes the flag from the others. */
export async function clearOtherDefaults(db: WriteTx, carreraId: number, exceptId: number | null): Promise<void> {
  await db
    .update(mallas)
    .set({ usarPorDefecto: false })
    .where(
      and(
        eq(mallas.carreraId, carreraId),
        eq(mallas.usarPorDefecto, true),
        exceptId === null ? undefined : ne(mallas.id, exceptId),
      ),
    );
}

export const mallaWrites = {
  ...writesById(mallas),
  /** Deletes the malla and its subject table; offered subjects and students' profiles make the keys refuse. */
  async delete(db: WriteTx, id: number): Promise<boolean> {
    await db.delete(materiasMalla).where(eq(materiasMalla.mallaId, id));
    return deleteById(db, mallas, id);
  },
};

export async function listMallaMaterias(
  db: DbOrTx,
  mallaId: number,
  page: number,
  pageSize: number,
  filters: MallaMateriaFilters = {},
) {
  const found = await rows<MallaMateriaRow & { total: number }>(
    db,
    sql`select mm.id, mm.malla_id as "mallaId", mm.materia_id as "materiaId",
               mm.semestre_nro_orden::int as "semestreNroOrden", mm.codigo as "codigoMateria", m.nombre as materia,
               mm.area_conocimiento as "areaConocimiento",
               mm.horas_laboratorio_semestral as "horasLaboratorioSemestral",
               mm.horas_practica_semestral as "horasPracticaSemestral",
               mm.horas_teoria_semestral as "horasTeoriaSemestral",
               (select count(*) from materias_periodo mp where mp.materia_malla_id = mm.id)::int as "cantidadOfertas",
               ${correlativasJson(sql`mm.id`)} as correlativas,
               count(*) over()::int as total
          from materias_malla mm
          join materias m on m.id = mm.materia_id
          ${whereAll([
            sql`mm.malla_id = ${mallaId}`,
            filters.semestre ? sql`mm.semestre_nro_orden = ${filters.semestre}` : undefined,
            containsText(sql`mm.codigo || ' ' || m.nombre`, filters.materia),
          ])}
         order by mm.semestre_nro_orden, mm.codigo, mm.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}

export async function findMallaMateria(db: DbOrTx, id: number) {
  const [row] = await rows<{ id: number; mallaId: number; materiaId: number; semestre: number; ofertas: number }>(
    db,
    sql`select mm.id, mm.malla_id as "mallaId", mm.materia_id as "materiaId", mm.semestre_nro_orden::int as semestre,
               (select count(*) from materias_periodo mp where mp.materia_malla_id = mm.id)::int as ofertas
          from materias_malla mm where mm.id = ${id}
         for update`,
  );
  return row;
}

export interface MallaMateriaValues {
  materiaId: number;
  semestreNroOrden: number;
  codigo: string;
  areaConocimiento: string | null;
  horasLaboratorioSemestral: number;
  horasPracticaSemestral: number;
  horasTeoriaSemestral: number;
}

export async function insertMallaMateria(db: WriteTx, mallaId: number, values: MallaMateriaValues): Promise<number> {
  const [row] = await db
    .insert(materiasMalla)
    .values({ mallaId, ...values })
    .returning({ id: materiasMalla.id });
  return row!.id;
}

export async function updateMallaMateria(db: WriteTx, id: number, values: MallaMateriaValues): Promise<void> {
  await db.update(materiasMalla).set(values).where(eq(materiasMalla.id, id));
}

export const deleteMallaMateria = (db: WriteTx, id: number) => deleteById(db, materiasMalla, id);
