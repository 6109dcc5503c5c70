import type { Tx } from '../db/client.js';
import { anhosLectivos, periodos } from '../db/schema/index.js';
import type { PeriodoPlan } from './calendar.js';
import { insertFeriados } from './holidays.js';

/**
 * Inserts the periods (and their academic years) in order, with the national holidays within their classes as
 * days without classes; the last one is the active period.
 */
export async function insertPeriodos(tx: Tx, plans: PeriodoPlan[]): Promise<number[]> {
  const years = await tx
    .insert(anhosLectivos)
    .values([...new Set(plans.map((p) => p.anho))].map((anho) => ({ anho })))
    .returning();
  const ids: number[] = [];
  for (const [i, { anho, ...plan }] of plans.entries()) {
    const [row] = await tx
      .insert(periodos)
      .values({ ...plan, anhoLectivoId: years.find((y) => y.anho === anho)!.id, activo: i === plans.length - 1 })
      .returning({ id: periodos.id });
    ids.push(row!.id);
    await insertFeriados(tx, row!.id, plan.inicioClases, plan.finClases);
  }
  return ids;
}
