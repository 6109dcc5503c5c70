import { MSG_TEACHING as T, TIPO_TAREA_LABELS, type PuntajeSave, type TareaSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, refusalOf } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import { teachingAllowed } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { lockMateriaCells } from './cell-writes.repository.js';
import * as repo from './homework.repository.js';
import { entregaColumns } from '../hand-ins/hand-ins.sql.js';
import { recomputePP, recomputeAlumnoPP } from './percentages.repository.js';
import { canEditNow, editableMateria, teachingMateria } from './teaching-access.js';

const tipoOf = (value: number) => ({ value, label: TIPO_TAREA_LABELS[value] ?? '' });
const withTipo = ({ tipoTarea, ...row }: repo.TareaRow) => ({ ...row, tipoTarea: tipoOf(tipoTarea) });

/**
 * Runs a teaching write, answering the freezing trigger's refusal (a subject-period published between the check
 * and the write) as a 400 like the service's own check.
 */
export async function teachingTx<R>(db: Db, user: AuthUser, work: Parameters<typeof writeTx<R>>[2]): Promise<R> {
  try {
    return await writeTx(db, user.id, work);
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

export function formData() {
  return { TipoTarea: Object.entries(TIPO_TAREA_LABELS).map(([value, label]) => ({ value: Number(value), label })) };
}

export async function list(db: Db, user: AuthUser, materiaPeriodoId: number, req: PageQuery<{ search?: string }>) {
  await teachingMateria(db, user, materiaPeriodoId, 'read');
  const page = await repo.listTareas(db, materiaPeriodoId, req.page, req.pageSize, req.filters?.search);
  return { totalItemsCount: page.totalItemsCount, items: page.items.map(withTipo) };
}

/** A homework of a subject-period the user may see (else 404, as for a missing one). */
async function tareaFor(db: Db, user: AuthUser, id: number) {
  const tarea = await repo.findTarea(db, id);
  if (!tarea) throw AppError.notFound(T.tareaNotFound);
  const base = await teachingMateria(db, user, tarea.materiaPeriodoId, 'read').catch(() => {
    throw AppError.notFound(T.tareaNotFound);
  });
  return { tarea, base };
}

export async function get(db: Db, user: AuthUser, id: number, now = new Date()) {
  const { tarea, base } = await tareaFor(db, user, id);
  return {
    ...withTipo(tarea),
    tareaMateriaAlumnos: await repo.puntajesOf(db, tarea),
    utilizaPorcentajePesoMateria: base.utilizaPorcentajePesoMateria,
    canEditTask: canEditNow(base, now),
    finCalificarTareas: base.finCalificarTareas,
  };
}

/**
 * Creates or edits a homework. The subject-period row is locked first, so the weights' sum (at most 100)
 * is checked against what no concurrent save can change; PP of every student follows in the same
 * transaction. Without weights the saved weight is 0.
 */
export async function save(db: Db, user: AuthUser, input: TareaSave, now = new Date()) {
  await editableMateria(db, user, input.materiaPeriodoId, now);
  return teachingTx(db, user, async (tx) => {
    // The students' locks before the subject-period row: a session saved at the same time takes them in
    // this order too (its insert key-share-locks the subject-period).
    await lockMateriaCells(tx, input.materiaPeriodoId);
    const mp = await repo.lockMateriaPeriodo(tx, input.materiaPeriodoId);
    if (!mp) throw AppError.notFound(T.materiaNotFound);
    const peso = mp.utilizaPorcentajePesoMateria ? (input.porcentajePesoMateria ?? 0) : 0;
    if (peso > 0 && (await repo.otherWeights(tx, mp.id, input.id)) + peso > 100) {
      throw AppError.badField('porcentajePesoMateria', T.pesoSumTooHigh);
    }
    const values: repo.TareaValues = {
      descripcion: input.descripcion,
      fechaEntrega: input.fechaEntrega,
      tipoTarea: input.tipoTarea,
      puntajeTotal: input.puntajeTotal,
      porcentajePesoMateria: peso,
      // 'Entrega por Arandu' (issue 46): left out of the body, an edit keeps the settings it had.
      ...(input.entrega !== undefined || !input.id ? entregaColumns(input.entrega ?? null) : {}),
    };
    let id = input.id ?? undefined;
    if (id) {
      // Locked before the scores are read: a score committed meanwhile would otherwise escape the check.
      if (!(await repo.lockTareaForEdit(tx, id, mp.id))) throw AppError.notFound(T.tareaNotFound);
      const max = await repo.maxPuntaje(tx, id);
      if (max !== null && max > input.puntajeTotal) {
        const message = `El puntaje total no puede ser menor que un puntaje ya cargado (${max})`;
        throw AppError.badField('puntajeTotal', message);
      }
      if (!(await repo.updateTarea(tx, id, mp.id, values))) throw AppError.notFound(T.tareaNotFound);
    } else {
      id = await repo.insertTarea(tx, mp.id, values);
    }
    await recomputePP(tx, { materiaPeriodoId: mp.id });
    return { id };
  });
}

/** Deletes a homework nobody has a score in (the scores' foreign key decides), then recomputes PP. */
export async function remove(db: Db, user: AuthUser, id: number, now = new Date()) {
  const tarea = await repo.findTarea(db, id);
  if (!tarea) throw AppError.notFound(T.tareaDeleteNotFound);
  await editableMateria(db, user, tarea.materiaPeriodoId, now).catch((err: AppError) => {
    throw err.statusCode === 404 ? AppError.notFound(T.tareaDeleteNotFound) : err;
  });
  try {
    await deleteUnlessInUse(
      db,
      user.id,
      async (tx) => {
        await lockMateriaCells(tx, tarea.materiaPeriodoId);
        const gone = await repo.deleteTarea(tx, id);
        if (gone) await recomputePP(tx, { materiaPeriodoId: gone.materiaPeriodoId }, { clearWithoutHomework: true });
        return !!gone;
      },
      { notFound: T.tareaDeleteNotFound, inUse: T.tareaInUse },
    );
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

export async function usesPercentWeight(db: Db, user: AuthUser, materiaPeriodoId: number, allow: boolean) {
  await editableMateria(db, user, materiaPeriodoId);
  await teachingTx(db, user, async (tx) => {
    await lockMateriaCells(tx, materiaPeriodoId);
    await repo.lockMateriaPeriodo(tx, materiaPeriodoId);
    await repo.setUsesWeight(tx, materiaPeriodoId, allow);
    await recomputePP(tx, { materiaPeriodoId });
  });
  return { id: materiaPeriodoId, allow };
}

/**
 * One score of the homework form (autosaved: the plan page's hot path, so a save is three statements in one
 * transaction: its checks and locks, the write, the student's PP recomputed and read back).
 */
export async function updatePuntaje(db: Db, user: AuthUser, input: PuntajeSave, now = new Date()) {
  const inscripcionId = input.inscripcionMateriaId;
  return teachingTx(db, user, async (tx) => {
    const cell = await repo.lockPuntajeCell(tx, input.tareaMateriaId, inscripcionId, user.id);
    if (!cell || !teachingAllowed(user, cell.teaches)) throw AppError.notFound(T.tareaNotFound);
    if (!canEditNow(cell, now)) throw AppError.badRequest(T.notEditable);
    if (cell.inscripcionMateriaPeriodoId !== cell.materiaPeriodoId) throw AppError.notFound(T.inscripcionNotInMateria);
    if (input.puntajeObtenido !== null && input.puntajeObtenido > cell.puntajeTotal) {
      throw AppError.badField('puntajeObtenido', T.puntajeInvalid);
    }
    const stored = await repo.writePuntaje(tx, {
      tareaId: cell.id,
      inscripcionId,
      puntaje: input.puntajeObtenido,
      secuencia: input.secuencia,
    });
    const porcentajePP = await recomputeAlumnoPP(tx, { materiaPeriodoId: cell.materiaPeriodoId, inscripcionId });
    const puntaje = stored?.puntajeObtenido ?? null;
    return {
      inscripcionMateriaId: inscripcionId,
      tareaMateriaId: cell.id,
      puntajeObtenido: puntaje,
      secuencia: stored?.secuencia ?? input.secuencia ?? 0,
      aplicado: puntaje === input.puntajeObtenido,
      porcentajePP,
    };
  });
}

export async function calificaciones(db: Db, user: AuthUser, materiaPeriodoId: number) {
  const base = await teachingMateria(db, user, materiaPeriodoId, 'read');
  const [tareas, alumnos] = await Promise.all([
    repo.tareasOf(db, materiaPeriodoId),
    repo.calificacionesOf(db, materiaPeriodoId),
  ]);
  return {
    base,
    tareas: tareas.map((t) => ({
      id: t.id,
      descripcion: t.descripcion,
      tipoTarea: t.tipoTarea,
      puntajeTotal: t.puntajeTotal,
      porcentajePesoMateria: t.porcentajePesoMateria,
      utilizaPorcentajePesoMateria: base.utilizaPorcentajePesoMateria,
    })),
    alumnos,
  };
}
