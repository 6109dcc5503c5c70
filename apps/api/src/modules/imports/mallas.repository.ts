import { sql } from 'drizzle-orm';
import type { CondicionCorrelativa } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import type { MallaMateriaValues } from '../mallas/mallas.service.js';

/** A malla's subject as stored: the values the mallas screen saves, and its malla. */
export type StoredMallaMateria = MallaMateriaValues & { mallaId: number };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The subjects of the mallas the file names, in one query, with their row's id and catalogue name. */
export function findMallaMaterias(
  db: DbOrTx,
  mallaIds: number[],
): Promise<(StoredMallaMateria & { id: number; nombre: string })[]> {
  return rows<StoredMallaMateria & { id: number; nombre: string } & Record<string, unknown>>(
    db,
    sql`select mm.id, m.nombre, mm.malla_id as "mallaId", mm.materia_id as "materiaId",
               mm.semestre_nro_orden::int as "semestreNroOrden",
               mm.codigo, mm.area_conocimiento as "areaConocimiento",
               mm.horas_laboratorio_semestral as "horasLaboratorioSemestral",
               mm.horas_practica_semestral as "horasPracticaSemestral",
               mm.horas_teoria_semestral as "horasTeoriaSemestral"
          from materias_malla mm join materias m on m.id = mm.materia_id
         where mm.malla_id in (select (jsonb_array_elements_text(${json(mallaIds)}))::int)`,
  );
}

export interface StoredCorrelativa {
  materiaMallaId: number;
  requiereId: number;
  condicion: CondicionCorrelativa;
}

/** The correlatives of the mallas the file names, in one query. */
export function findCorrelativas(db: DbOrTx, mallaIds: number[]): Promise<StoredCorrelativa[]> {
  return rows<StoredCorrelativa & Record<string, unknown>>(
    db,
    sql`select c.materia_malla_id as "materiaMallaId", c.requiere_id as "requiereId", c.condicion
          from correlativas c join materias_malla mm on mm.id = c.materia_malla_id
         where mm.malla_id in (select (jsonb_array_elements_text(${json(mallaIds)}))::int)`,
  );
}

/** The ids of the mallas' subjects once written: (malla, catalogue subject) -> row id. */
export async function mallaMateriaIds(db: DbOrTx, mallaIds: number[]): Promise<Map<string, number>> {
  const found = await rows<{ id: number; mallaId: number; materiaId: number }>(
    db,
    sql`select id, malla_id as "mallaId", materia_id as "materiaId" from materias_malla
         where malla_id in (select (jsonb_array_elements_text(${json(mallaIds)}))::int)`,
  );
  return new Map(found.map((r) => [`${r.mallaId}:${r.materiaId}`, r.id]));
}

export interface NewMalla {
  key: string;
  carreraId: number;
  nombre: string;
  fechaVigencia: string;
  usarPorDefecto: boolean;
}

/** Inserts the new mallas in one statement; answers their ids by the plan's key. */
export async function insertMallas(db: WriteTx, mallas: NewMalla[]): Promise<Map<string, number>> {
  if (!mallas.length) return new Map();
  const created = await rows<{ id: number; key: string }>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${json(mallas)})
            as v(key text, "carreraId" int, nombre text, "fechaVigencia" date, "usarPorDefecto" boolean)
        ), ins as (
          insert into mallas (carrera_id, nombre, fecha_vigencia, usar_por_defecto)
          select v."carreraId", v.nombre, v."fechaVigencia", v."usarPorDefecto" from v
          returning id, carrera_id, nombre
        )
        select ins.id, v.key from ins join v on v."carreraId" = ins.carrera_id and v.nombre = ins.nombre`,
  );
  return new Map(created.map((r) => [r.key, r.id]));
}

/** Inserts the new catalogue subjects in one statement; answers their ids by code. */
export async function insertMaterias(
  db: WriteTx,
  materias: { codigo: string; nombre: string; carreraId: number | null }[],
): Promise<Map<string, number>> {
  if (!materias.length) return new Map();
  const created = await rows<{ id: number; codigo: string }>(
    db,
    sql`insert into materias (codigo, nombre, carrera_id)
        select v.codigo, v.nombre, v."carreraId"
          from jsonb_to_recordset(${json(materias)}) as v(codigo text, nombre text, "carreraId" int)
        returning id, codigo`,
  );
  return new Map(created.map((r) => [r.codigo, r.id]));
}

/** Inserts or updates the mallas' subjects in one statement; an unchanged row is not touched. */
export async function upsertMallaMaterias(db: WriteTx, values: StoredMallaMateria[]): Promise<void> {
  if (!values.length) return;
  await db.execute(
    sql`insert into materias_malla (malla_id, materia_id, semestre_nro_orden, codigo, area_conocimiento,
                                    horas_laboratorio_semestral, horas_practica_semestral, horas_teoria_semestral)
        select v."mallaId", v."materiaId", v."semestreNroOrden", v.codigo, v."areaConocimiento",
               v."horasLaboratorioSemestral", v."horasPracticaSemestral", v."horasTeoriaSemestral"
          from jsonb_to_recordset(${json(values)})
            as v("mallaId" int, "materiaId" int, "semestreNroOrden" smallint, codigo text, "areaConocimiento" text,
                 "horasLaboratorioSemestral" int, "horasPracticaSemestral" int, "horasTeoriaSemestral" int)
        on conflict (malla_id, materia_id) do update
           set semestre_nro_orden = excluded.semestre_nro_orden, codigo = excluded.codigo,
               area_conocimiento = excluded.area_conocimiento,
               horas_laboratorio_semestral = excluded.horas_laboratorio_semestral,
               horas_practica_semestral = excluded.horas_practica_semestral,
               horas_teoria_semestral = excluded.horas_teoria_semestral
         where (materias_malla.semestre_nro_orden, materias_malla.codigo, materias_malla.area_conocimiento,
                materias_malla.horas_laboratorio_semestral, materias_malla.horas_practica_semestral,
                materias_malla.horas_teoria_semestral)
               is distinct from
               (excluded.semestre_nro_orden, excluded.codigo, excluded.area_conocimiento,
                excluded.horas_laboratorio_semestral, excluded.horas_practica_semestral,
                excluded.horas_teoria_semestral)`,
  );
}
