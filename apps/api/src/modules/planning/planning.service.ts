import {
  canEditarPlaneamiento,
  DIAS_SEMANA,
  DURACION_ACTIVIDAD,
  type EstadoPublicacion,
  MSG,
  MSG_PLANNING,
  type PlanningCreation,
  type PlanningPage,
  type PlanningPageNumber,
  type PlanningSave,
  TIPO_ACTIVIDAD_ACADEMICA_HORARIO_LABELS,
  type TipoActividadAcademicaHorario,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { onlyOwn, requireMateriaPeriodo, teachersAmong } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { horariosOf, type MateriaPeriodoBase } from '../subject-periods/materia-periodo.service.js';
import * as repo from './planning.repository.js';

type Header = Omit<PlanningPage<2>, 'fundamentacionMateria' | 'contribucionMateria'>;

export const PAGE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** `canEditarPlaneamiento` for a user who may see the subject-period (staff or its professor). */
const editable = (estado: number, finEditarPlaneamiento: string, now: Date) =>
  canEditarPlaneamiento(
    { gestiona: true, estado: estado as EstadoPublicacion, finCalificarTareas: now, finEditarPlaneamiento },
    now,
  );

function creation(base: MateriaPeriodoBase, now: Date): PlanningCreation {
  return {
    materiaPeriodoId: base.id,
    materiaMallaId: base.materiaMallaId,
    canEditarPlaneamiento: editable(base.estado, base.finEditarPlaneamiento, now),
    finEditarPlaneamiento: base.finEditarPlaneamiento,
  };
}

const profesorOptions = (base: MateriaPeriodoBase) =>
  base.profesores.map((p) => ({ value: p.id, label: `${p.apellido}, ${p.nombre}` }));

/**
 * `GET /api/planning/{id}/page-{n}`. Page 1 of a subject-period without planning answers only four keys
 * (creation mode, spec 03 section 4); any other page of it is 'La planeamiento no existe'.
 */
export async function page(db: Db, user: AuthUser, materiaPeriodoId: number, n: PlanningPageNumber, now = new Date()) {
  const base = await requireMateriaPeriodo(db, user, materiaPeriodoId, 'read');
  const planning = await repo.findPlanning(db, materiaPeriodoId);
  if (!planning) {
    if (n === 1) return creation(base, now);
    throw AppError.notFound(MSG_PLANNING.notFound);
  }
  const header: Header = { id: planning.id, ...creation(base, now), profesores: profesorOptions(base) };
  return { ...header, ...(await pageFields(db, base, planning, n)) };
}

async function pageFields(db: DbOrTx, base: MateriaPeriodoBase, p: repo.PlanningRow, n: PlanningPageNumber) {
  const list = (name: repo.PlanningList) => repo.listRows(db, name, p.id);
  switch (n) {
    case 1:
      return {
        ...(await identificacion(db, base)),
        preRequisitos: p.preRequisitos,
        horasTeoriaSemanal: p.horasTeoriaSemanal,
        horasPracticaSemanal: p.horasPracticaSemanal,
        horasLaboratorioSemanal: p.horasLaboratorioSemanal,
        totalHorasSemanal:
          (p.horasTeoriaSemanal ?? 0) + (p.horasPracticaSemanal ?? 0) + (p.horasLaboratorioSemanal ?? 0),
        codigoClassroom: await repo.codigoClassroomOf(db, base.id),
      };
    case 2:
      return { fundamentacionMateria: p.fundamentacionMateria, contribucionMateria: p.contribucionMateria };
    case 3:
      return { objetivosMaterias: await list('objetivosMaterias') };
    case 4:
      return {
        valoresContemplados: p.valoresContemplados,
        metodologiaEnsenhanza: p.metodologiaEnsenhanza,
        estrategiasEvauacion: p.estrategiasEvauacion,
      };
    case 5:
      return { cronogramaClases: await list('cronogramaClases') };
    case 6:
      return { practicasLaboratorios: await list('practicasLaboratorios') };
    case 7:
      return { proyectosTrabajosPracticos: await list('proyectosTrabajosPracticos') };
    case 8:
      return { actividadesComplementarias: await list('actividadesComplementarias') };
    case 9:
      return { bibliografiaBasica: p.bibliografiaBasica, bibliografiaComplementaria: p.bibliografiaComplementaria };
  }
}

/** Step 1's read-only part: what the subject-period says of itself, with its weekly schedule. */
export async function identificacion(db: DbOrTx, base: MateriaPeriodoBase) {
  const horarios = await horariosOf(db, base.id);
  return {
    materia: base.materiaNombre,
    codigoMateria: base.codigoMateria,
    carrera: base.carrera,
    semestre: base.semestreNroOrden,
    periodo: base.periodoLabel,
    anho: base.anho,
    seccion: base.seccion,
    horarios: horarios.map((h) => ({
      id: h.id,
      dia: DIAS_SEMANA[h.dia] ?? '',
      horaInicio: h.horaInicio,
      horaFin: h.horaFin,
      aula: h.aula,
      tipoActividad:
        TIPO_ACTIVIDAD_ACADEMICA_HORARIO_LABELS[h.tipoActividadAcademicaHorario as TipoActividadAcademicaHorario] ?? '',
      profesor: h.profesor,
    })),
  };
}

export function formData() {
  return { DuracionActividad: DURACION_ACTIVIDAD.map((label, i) => ({ value: i + 1, label })) };
}

export async function oldPlannings(db: Db, user: AuthUser, materiaMallaId: number) {
  return repo.oldPlannings(db, materiaMallaId, onlyOwn(user, 'teaching:any'));
}

/** Every page's fields of a planning, in step order, for a user who may see the subject-period (the download). */
export async function allPages(db: Db, user: AuthUser, materiaPeriodoId: number) {
  const base = await requireMateriaPeriodo(db, user, materiaPeriodoId, 'read');
  const planning = await repo.findPlanning(db, materiaPeriodoId);
  if (!planning) throw AppError.notFound(MSG_PLANNING.notFound);
  const pages = await Promise.all(PAGE_NUMBERS.map((n) => pageFields(db, base, planning, n)));
  return { profesores: profesorOptions(base), pages };
}

// ---------------------------------------------------------------- saving

const LIST_OF_PAGE: Partial<Record<PlanningPageNumber, repo.PlanningList>> = {
  3: 'objetivosMaterias',
  5: 'cronogramaClases',
  6: 'practicasLaboratorios',
  7: 'proyectosTrabajosPracticos',
  8: 'actividadesComplementarias',
};

type Row = { id: number; deleted: boolean; profesorMateria?: number | null | undefined } & Record<string, unknown>;

/**
 * `POST /api/planning/page{n}`: saves one page in one transaction, only while `canEditarPlaneamiento`
 * (checked with the subject-period row locked). Page 1 creates the planning when there is none: empty, or
 * a copy of `oldMateriaPeriodoId`'s. A list sent is the whole list: rows marked deleted (or left out) go.
 */
export async function savePage<N extends PlanningPageNumber>(
  db: Db,
  user: AuthUser,
  n: N,
  input: PlanningSave<N>,
  now = new Date(),
): Promise<{ id: number }> {
  const mpId = input.materiaPeriodoId;
  await requireMateriaPeriodo(db, user, mpId, 'edit');
  return writeTx(db, user.id, async (tx) => {
    const state = await repo.lockEditingState(tx, mpId);
    if (!state) throw AppError.notFound(MSG.materiaPeriodoNotFound);
    if (!editable(state.estado, state.finEditarPlaneamiento, now)) throw AppError.badRequest(MSG_PLANNING.notEditable);
    if (n === 1) return savePage1(tx, input as PlanningSave<1>);
    const id = await repo.lockPlanning(tx, mpId);
    if (!id) throw AppError.notFound(MSG_PLANNING.notFound);
    const list = LIST_OF_PAGE[n];
    if (list) {
      const rows = (input as unknown as Record<string, Row[]>)[list]!;
      await checkStaff(tx, mpId, list, rows);
      await saveRows(tx, list, id, rows);
    } else {
      const { materiaPeriodoId: _mp, ...texts } = input as PlanningSave<2 | 4 | 9>;
      await repo.updateTexts(tx, id, texts);
    }
    return { id };
  });
}

async function savePage1(tx: WriteTx, input: PlanningSave<1>) {
  const { materiaPeriodoId, oldMateriaPeriodoId, codigoClassroom, ...texts } = input;
  if (oldMateriaPeriodoId) {
    if (!(await repo.sameMallaMateria(tx, oldMateriaPeriodoId, materiaPeriodoId))) {
      throw AppError.badField('oldMateriaPeriodoId', MSG_PLANNING.copySourceNotFound);
    }
    if (await repo.lockPlanning(tx, materiaPeriodoId)) throw AppError.badRequest(MSG_PLANNING.alreadyExists);
    const id = await repo.copyPlanning(tx, oldMateriaPeriodoId, materiaPeriodoId);
    if (!id) throw AppError.badField('oldMateriaPeriodoId', MSG_PLANNING.copySourceNotFound);
    return { id };
  }
  // A create that loses a race to another finds the winner's planning and saves page 1 over it.
  const id = (await repo.insertPlanning(tx, materiaPeriodoId)) ?? (await repo.lockPlanning(tx, materiaPeriodoId))!;
  await repo.updateTexts(tx, id, texts);
  await repo.setCodigoClassroom(tx, materiaPeriodoId, codigoClassroom);
  return { id };
}

/**
 * A row's professor must teach the subject-period (spec 03 section 5): the access module answers for the
 * rows' professors in one statement, inside the save's transaction.
 */
async function checkStaff(tx: WriteTx, materiaPeriodoId: number, list: repo.PlanningList, rows: Row[]) {
  const named = rows.filter((r) => !r.deleted && r.profesorMateria).map((r) => r.profesorMateria as number);
  const staff = await teachersAmong(tx, materiaPeriodoId, [...new Set(named)]);
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (!r.deleted && r.profesorMateria && !staff.has(r.profesorMateria)) {
      errors[`${list}.${i}.profesorMateria`] = MSG_PLANNING.profesorNotStaff;
    }
  });
  if (Object.keys(errors).length > 0) throw AppError.badRequest(MSG_PLANNING.profesorNotStaff, errors);
}

async function saveRows(tx: WriteTx, list: repo.PlanningList, planeamientoId: number, rows: Row[]) {
  const existing = await repo.rowIdsOf(tx, list, planeamientoId);
  const kept = rows.filter((r) => !r.deleted);
  if (kept.some((r) => r.id > 0 && !existing.has(r.id))) throw AppError.notFound(MSG_PLANNING.rowNotFound);
  const keptIds = new Set(kept.map((r) => r.id));
  await repo.deleteRows(
    tx,
    list,
    [...existing].filter((id) => !keptIds.has(id)),
  );
  const valuesOf = (r: Row): repo.RowValues =>
    Object.fromEntries(Object.keys(repo.PLANNING_LISTS[list].columns).map((f) => [f, (r[f] ?? null) as never]));
  const inserts: { indice: number; values: repo.RowValues }[] = [];
  for (const [indice, r] of kept.entries()) {
    if (r.id > 0) await repo.updateRow(tx, list, r.id, indice, valuesOf(r));
    else inserts.push({ indice, values: valuesOf(r) });
  }
  await repo.insertRows(tx, list, planeamientoId, inserts);
}

/**
 * The sessions the professor planned: the class schedule's dated rows, by date (`{ id, fecha }`, fecha as
 * 'YYYY-MM-DD'). Teaching counts the ones still ahead toward "can still reach the minimum attendance" and
 * links a session taken on a planned date to its row. No access check: the caller has done it.
 */
export function plannedSessionsFrom(db: DbOrTx, materiaPeriodoId: number) {
  return repo.plannedSessions(db, materiaPeriodoId);
}

/** The planned sessions on a day without classes (issue 45): nothing moves them, the plan page names them. */
export function plannedOnDaysWithoutClassesFrom(db: DbOrTx, materiaPeriodoId: number) {
  return repo.plannedOnDaysWithoutClasses(db, materiaPeriodoId);
}

/** The planning rows an attendance session may cover ('Registro Contenido'); with `onlyId`, that one if it is. */
export function classContentsOf(db: DbOrTx, materiaPeriodoId: number, onlyId?: number) {
  return repo.classContents(db, materiaPeriodoId, onlyId);
}
