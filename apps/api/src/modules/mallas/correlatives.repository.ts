import { eq, sql } from 'drizzle-orm';
import type { CondicionCorrelativa, Correlativa, ExcepcionCorrelativaRow } from '@arandu/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { correlativas, excepcionesCorrelativa } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';

/** Takes the malla's row lock: two saves of one malla's correlatives cannot close a cycle between them. */
export async function lockMalla(tx: Tx, mallaId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(tx, sql`select id from mallas where id = ${mallaId} for update`);
  return found.length > 0;
}

export interface MallaMateria {
  id: number;
  nombre: string;
  semestre: number;
}

export async function mallaMaterias(db: DbOrTx, mallaId: number): Promise<Map<number, MallaMateria>> {
  const found = await rows<MallaMateria & Record<string, unknown>>(
    db,
    sql`select mm.id, m.nombre, mm.semestre_nro_orden::int as semestre
          from materias_malla mm join materias m on m.id = mm.materia_id
         where mm.malla_id = ${mallaId}`,
  );
  return new Map(found.map((s) => [s.id, s]));
}

/** The malla's correlatives as edges: subject -> the subjects it requires. */
export async function mallaGraph(db: DbOrTx, mallaId: number): Promise<Map<number, number[]>> {
  const found = await rows<{ desde: number; hacia: number }>(
    db,
    sql`select c.materia_malla_id as desde, c.requiere_id as hacia
          from correlativas c join materias_malla mm on mm.id = c.materia_malla_id
         where mm.malla_id = ${mallaId}`,
  );
  const graph = new Map<number, number[]>();
  for (const { desde, hacia } of found) graph.set(desde, [...(graph.get(desde) ?? []), hacia]);
  return graph;
}

export async function replaceCorrelativas(
  tx: WriteTx,
  materiaMallaId: number,
  list: { materiaMallaId: number; condicion: CondicionCorrelativa }[],
): Promise<void> {
  await tx.delete(correlativas).where(eq(correlativas.materiaMallaId, materiaMallaId));
  if (list.length === 0) return;
  await tx
    .insert(correlativas)
    .values(list.map((c) => ({ materiaMallaId, requiereId: c.materiaMallaId, condicion: c.condicion })));
}

/**
 * Replaces the lists of many subjects of a malla in two statements (the mallas import, issue 44, after
 * `correlativasRefusal` judged them): their old correlatives deleted, `edges` inserted.
 */
export async function replaceCorrelativasOf(
  tx: WriteTx,
  materiaMallaIds: number[],
  edges: { materiaMallaId: number; requiereId: number; condicion: CondicionCorrelativa }[],
): Promise<void> {
  if (materiaMallaIds.length === 0) return;
  await tx.execute(
    sql`delete from correlativas
         where materia_malla_id in (select (jsonb_array_elements_text(${JSON.stringify(materiaMallaIds)}::jsonb))::int)`,
  );
  if (edges.length === 0) return;
  await tx.execute(
    sql`insert into correlativas (materia_malla_id, requiere_id, condicion)
        select v."materiaMallaId", v."requiereId", v.condicion
          from jsonb_to_recordset(${JSON.stringify(edges)}::jsonb)
            as v("materiaMallaId" int, "requiereId" int, condicion text)`,
  );
}

/** The correlatives of each subject asked for, with the required subjects' names. */
export async function correlativasOf(db: DbOrTx, materiaMallaIds: number[]): Promise<Map<number, Correlativa[]>> {
  const out = new Map<number, Correlativa[]>();
  if (materiaMallaIds.length === 0) return out;
  const found = await rows<Correlativa & { desde: number } & Record<string, unknown>>(
    db,
    sql`select c.materia_malla_id as desde, c.requiere_id as "materiaMallaId", m.nombre as materia, c.condicion
          from correlativas c
          join materias_malla mm on mm.id = c.requiere_id
          join materias m on m.id = mm.materia_id
         where c.materia_malla_id in (${sql.join(
           materiaMallaIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by mm.semestre_nro_orden, m.nombre`,
  );
  for (const { desde, ...c } of found) out.set(desde, [...(out.get(desde) ?? []), c]);
  return out;
}

/** SQL for a malla row's correlatives as a JSON array (the subject table's column). */
export const correlativasJson = (materiaMallaId: ReturnType<typeof sql>) =>
  sql`coalesce((select json_agg(json_build_object('materiaMallaId', c.requiere_id, 'materia', rm.nombre,
                                                  'condicion', c.condicion) order by rmm.semestre_nro_orden, rm.nombre)
                  from correlativas c
                  join materias_malla rmm on rmm.id = c.requiere_id
                  join materias rm on rm.id = rmm.materia_id
                 where c.materia_malla_id = ${materiaMallaId}), '[]'::json)`;

export async function alumnoOfMalla(db: DbOrTx, perfilAlumnoId: number, mallaId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from perfiles_alumno where id = ${perfilAlumnoId} and malla_id = ${mallaId}`,
  );
  return found.length > 0;
}

export async function insertException(
  tx: WriteTx,
  values: { perfilAlumnoId: number; materiaMallaId: number; motivo: string; otorgadaPor: number },
): Promise<number> {
  const [row] = await tx.insert(excepcionesCorrelativa).values(values).returning({ id: excepcionesCorrelativa.id });
  return row!.id;
}

/** A subject's exceptions with the student and who granted each, newest first (the staff's list). */
export async function exceptionsOfMateria(db: DbOrTx, materiaMallaId: number): Promise<ExcepcionCorrelativaRow[]> {
  return rows<ExcepcionCorrelativaRow & Record<string, unknown>>(
    db,
    sql`select e.id, e.perfil_alumno_id as "perfilAlumnoId",
               pa.numero_legajo || ' - ' || ua.apellido || ', ' || ua.nombre as alumno,
               e.motivo, uo.nombre || ' ' || uo.apellido as "otorgadaPor", to_json(e.fecha) #>> '{}' as fecha
          from excepciones_correlativa e
          join perfiles_alumno pa on pa.id = e.perfil_alumno_id
          join usuarios ua on ua.id = pa.usuario_id
          join usuarios uo on uo.id = e.otorgada_por
         where e.materia_malla_id = ${materiaMallaId}
         order by e.fecha desc, e.id desc`,
  );
}
