import { eq, inArray, sql } from 'drizzle-orm';
import { RolProfesorMateria, dateInAsuncion } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import {
  materiasPeriodo,
  planeamientoActividades,
  planeamientoCronograma,
  planeamientoObjetivos,
  planeamientoPracticas,
  planeamientoProyectos,
  planeamientos,
  profesoresMateriaPeriodo,
} from '../db/schema/index.js';
import { addDays, type PeriodoPlan } from './calendar.js';
import { chunks } from './chunks.js';
import {
  actividadesFor,
  cronogramaFor,
  objetivosFor,
  practicasFor,
  proyectosFor,
  textsFor,
} from './demo-planning-texts.js';
import type { OfferedMateria } from './demo-offer.js';
import { publishMaterias } from './publish.js';
import { Random } from './random.js';

/** Its own generator: the areas seeded after planning get the same data whatever planning draws. */
const SEED = 2610;
const WEEKS = 16;
const CHUNK = 500;
/** Share of the active period's subject-periods already planned when the demo starts. */
const ACTIVE_PLANNED = 0.7;

export interface PlanningSeed {
  offered: OfferedMateria[];
  earlier: { periodoId: number; plan: PeriodoPlan };
  active: { periodoId: number; plan: PeriodoPlan };
  /**
   * A subject of the demo professor left without planning, with a sealed planning of the same subject in the
   * earlier period to copy from ('Copiar Planeamiento {year}/{section}', issue 14).
   */
  copyTarget: OfferedMateria;
  /** Further subject-periods left without planning ('Crear Nuevo Planeamiento'). */
  withoutPlanning: OfferedMateria[];
  /**
   * Who taught the copy target's subject in the earlier period: a colleague, so the demo professor's own
   * lists stay as they were and the copy is of someone else's planning, as it often is.
   */
  formerTeacher: number;
}

interface Target {
  materiaPeriodoId: number;
  nombre: string;
  hasLab: boolean;
  firstClass: string;
}

/**
 * The demo's plannings (issue 14): every subject-period of the earlier period and most of the active one, with
 * weekly class schedules (the planned sessions teaching counts on). Bulk inserts, a few statements in all.
 */
export async function insertDemoPlannings(tx: Tx, seed: PlanningSeed): Promise<number> {
  const random = new Random(SEED);
  const source = await offerEarlier(tx, seed);
  const weekday = (o: OfferedMateria) => o.slots[0].dia;
  const firstClass = (plan: PeriodoPlan, dia: number) => {
    const start = dateInAsuncion(new Date(plan.inicioClases));
    const startDia = ((new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return addDays(start, (dia - startDia + 7) % 7);
  };
  const skip = new Set([seed.copyTarget.id, ...seed.withoutPlanning.map((o) => o.id)]);
  const targets: Target[] = seed.offered
    .filter((o) => (o.periodoId === seed.earlier.periodoId ? true : !skip.has(o.id) && random.chance(ACTIVE_PLANNED)))
    .map((o) => ({
      materiaPeriodoId: o.id,
      nombre: o.subject.nombre,
      hasLab: o.subject.hasLab,
      firstClass: firstClass(o.periodoId === seed.earlier.periodoId ? seed.earlier.plan : seed.active.plan, weekday(o)),
    }));
  targets.push({
    materiaPeriodoId: source,
    nombre: seed.copyTarget.subject.nombre,
    hasLab: seed.copyTarget.subject.hasLab,
    firstClass: firstClass(seed.earlier.plan, weekday(seed.copyTarget)),
  });

  const heads = await headsOf(
    tx,
    targets.map((t) => t.materiaPeriodoId),
  );
  const planningOf = new Map<number, number>();
  for (const part of chunks(targets, CHUNK)) {
    const inserted = await tx
      .insert(planeamientos)
      .values(part.map((t) => ({ materiaPeriodoId: t.materiaPeriodoId, ...textsFor(t.nombre, random) })))
      .returning({ id: planeamientos.id, materiaPeriodoId: planeamientos.materiaPeriodoId });
    for (const p of inserted) planningOf.set(p.materiaPeriodoId, p.id);
  }

  const rowsOf = <T extends object>(make: (t: Target) => T[]) =>
    targets.flatMap((t) =>
      make(t).map((row, indice) => ({ planeamientoId: planningOf.get(t.materiaPeriodoId)!, indice, ...row })),
    );
  const withHead = <T extends object>(t: Target, list: T[]) =>
    list.map((row) => ({ ...row, profesorId: heads.get(t.materiaPeriodoId) ?? null }));
  await insertAll(
    tx,
    planeamientoObjetivos,
    rowsOf(() => objetivosFor(random)),
  );
  await insertAll(
    tx,
    planeamientoCronograma,
    rowsOf((t) => withHead(t, cronogramaFor(t.firstClass, WEEKS, addDays))),
  );
  await insertAll(
    tx,
    planeamientoPracticas,
    rowsOf((t) => withHead(t, practicasFor(random, t.hasLab))),
  );
  await insertAll(
    tx,
    planeamientoProyectos,
    rowsOf((t) => withHead(t, proyectosFor(random, t.nombre))),
  );
  await insertAll(
    tx,
    planeamientoActividades,
    rowsOf(() => actividadesFor(random)),
  );
  return targets.length;
}

type PlanningListTable =
  | typeof planeamientoObjetivos
  | typeof planeamientoCronograma
  | typeof planeamientoPracticas
  | typeof planeamientoProyectos
  | typeof planeamientoActividades;

async function insertAll<T extends PlanningListTable>(tx: Tx, table: T, values: T['$inferInsert'][]) {
  for (const part of chunks(values, CHUNK)) await tx.insert(table).values(part as never);
}

async function headsOf(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const found = await tx
    .select({
      materiaPeriodoId: profesoresMateriaPeriodo.materiaPeriodoId,
      usuarioId: profesoresMateriaPeriodo.usuarioId,
    })
    .from(profesoresMateriaPeriodo)
    .where(inArray(profesoresMateriaPeriodo.materiaPeriodoId, ids));
  // A head if there is one, else an auxiliary: every schedule row names a professor of the subject.
  const heads = new Map<number, number>();
  for (const r of found) if (!heads.has(r.materiaPeriodoId)) heads.set(r.materiaPeriodoId, r.usuarioId);
  return heads;
}

/**
 * The copy target's subject as it was offered (and sealed) in the earlier period, taught by `formerTeacher`
 * on the same weekly schedule: the planning to copy from. Returns its subject-period id.
 */
async function offerEarlier(tx: Tx, seed: PlanningSeed): Promise<number> {
  const [mp] = await tx
    .insert(materiasPeriodo)
    .values({ materiaMallaId: seed.copyTarget.subject.materiaMallaId, periodoId: seed.earlier.periodoId, seccion: 'A' })
    .returning({ id: materiasPeriodo.id });
  const id = mp!.id;
  await tx
    .insert(profesoresMateriaPeriodo)
    .values({ materiaPeriodoId: id, usuarioId: seed.formerTeacher, rol: RolProfesorMateria.Encargado });
  await tx.execute(
    // The same hours in the earlier period, each in a classroom that period leaves free then.
    sql`insert into horarios (materia_periodo_id, profesor_id, dia, hora_inicio, hora_fin, aula_id,
                              tipo_actividad_academica_horario)
        select ${id}, ${seed.formerTeacher}, h.dia, h.hora_inicio, h.hora_fin,
               (select a.id from aulas a
                 where a.tipo = 'aula'
                   and not exists (select 1 from horarios o join materias_periodo mp on mp.id = o.materia_periodo_id
                                    where mp.periodo_id = ${seed.earlier.periodoId} and o.aula_id = a.id
                                      and o.dia = h.dia and o.hora_inicio < h.hora_fin and h.hora_inicio < o.hora_fin)
                 order by a.id limit 1),
               h.tipo_actividad_academica_horario
          from horarios h where h.materia_periodo_id = ${seed.copyTarget.id}`,
  );
  await publishMaterias(tx, seed.earlier.plan.finClases, eq(materiasPeriodo.id, id), eq(materiasPeriodo.id, id));
  return id;
}
