import {
  canEditarPlaneamiento,
  canEditTask,
  DIAS_SEMANA,
  ESTADO_PUBLICACION_LABELS,
  type EstadoPublicacion,
  AULA_MSG,
  MSG,
  RolProfesorMateria,
  CUPO_MSG,
  TIPO_ACTIVIDAD_ACADEMICA_HORARIO_LABELS,
  type MateriaPeriodo,
  type MateriaPeriodoSave,
  type MoveInscripcion,
  type NotasSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { isCapRefusalError, setCap } from '../enrolments/seats.js';
import { auditSharedRoom, capacityWarnings, checkClashes, lockPeriodoSchedules } from './schedule-clashes.js';
import { options as aulaOptions } from '../rooms/rooms.service.js';
import { diasSinClases } from '../calendario-academico/dias-sin-clases.js';
import { plannedOnDaysWithoutClassesFrom } from '../planning/planning.service.js';

/** 1 Monday … 7 Sunday of a calendar date 'aaaa-mm-dd' (horarios.dia's numbering). */
const isoWeekday = (fecha: string) => new Date(`${fecha}T12:00:00Z`).getUTCDay() || 7;
import { writeTx, type WriteTx } from '../../db/tx.js';
import { deleteUnlessInUse } from '../../lib/delete-unless-in-use.js';
import { AppError, findPgError, PG, REFUSAL, refusalOf } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import { requireMateriaPeriodo } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { mallaOptions } from '../mallas/mallas.service.js';
import { get as getPeriodo, periodoOptions } from '../periods/periods.service.js';
import * as repo from './subject-periods.repository.js';

export const estadoOf = (value: number) => ({
  value,
  label: ESTADO_PUBLICACION_LABELS[value as EstadoPublicacion] ?? '',
});

/** The period's "Detalle de materias" table, optionally for one career (0: all); 404 for a missing period. */
export async function ofPeriodo(db: Db, periodoId: number, req: PageQuery<{ carreraId?: number | undefined }>) {
  await getPeriodo(db, periodoId);
  return list(
    db,
    { page: req.page, pageSize: req.pageSize, filters: { periodoId, carreraId: req.filters?.carreraId } },
    'period',
  );
}

export async function list(db: Db, req: PageQuery<repo.MateriaPeriodoListFilters>, order: 'list' | 'period' = 'list') {
  const page = await repo.listMateriasPeriodo(db, req.page, req.pageSize, req.filters ?? {}, order);
  return {
    totalItemsCount: page.totalItemsCount,
    items: page.items.map(({ estadoValue, ...row }) => ({ ...row, estado: estadoOf(estadoValue) })),
  };
}

/** Editing flags of a subject-period for a user who may see it (staff or its professor). */
function editing(base: repo.MateriaPeriodoBase, now: Date) {
  const state = {
    gestiona: true,
    estado: base.estado as EstadoPublicacion,
    finCalificarTareas: base.finCalificarTareas,
    finEditarPlaneamiento: base.finEditarPlaneamiento,
  };
  return {
    canEditTask: canEditTask(state, now),
    canEditarPlaneamiento: canEditarPlaneamiento(state, now),
    // A subject-period with homework computes PP from it; without, PP is entered by hand (DOMAIN.md 5).
    calculatePPFromTasks: base.tieneTareas,
  };
}

export async function get(db: Db, user: AuthUser, id: number, now = new Date()): Promise<MateriaPeriodo> {
  const base = await requireMateriaPeriodo(db, user, id, 'read');
  const [horarios, avisos, sinClases, planificadasEnDiasSinClases] = await Promise.all([
    repo.horariosOf(db, id),
    capacityWarnings(db, id),
    diasSinClases(db, base.periodoId),
    plannedOnDaysWithoutClassesFrom(db, id),
  ]);
  const dias = new Set(horarios.map((h) => h.dia));
  const head = base.profesores.find((p) => p.role === RolProfesorMateria.Encargado);
  const aux = base.profesores.filter((p) => p.role === RolProfesorMateria.Asistente);
  return {
    id: base.id,
    mallaId: base.mallaId,
    malla: { value: base.mallaId, label: base.mallaLabel },
    materiaMallaId: base.materiaMallaId,
    materiaMalla: { value: base.materiaMallaId, label: base.materiaMallaLabel },
    materiaId: base.materiaId,
    materia: { label: base.materiaNombre },
    periodoId: base.periodoId,
    periodo: { value: base.periodoId, label: base.periodoLabel },
    carrera: base.carrera,
    anho: base.anho,
    semestreNroOrden: base.semestreNroOrden,
    codigoMateria: base.codigoMateria,
    profesorId: head?.id ?? null,
    profesorAuxiliar1Id: aux[0]?.id ?? null,
    profesorAuxiliar2Id: aux[1]?.id ?? null,
    profesorAuxiliar3Id: aux[2]?.id ?? null,
    profesores: base.profesores,
    seccion: base.seccion,
    editarAsistencias: base.editarAsistencias,
    utilizaPorcentajePesoMateria: base.utilizaPorcentajePesoMateria,
    horarios: horarios.map((h, index) => ({ ...h, index, deleted: false })),
    tieneHorario: horarios.length > 0,
    cantidadInscriptos: base.cantidadInscriptos,
    cupo: base.cupo,
    avisos,
    diasSinClases: sinClases.filter((d) => dias.has(isoWeekday(d.fecha))),
    planificadasEnDiasSinClases,
    enListaEspera: base.enListaEspera,
    estado: estadoOf(base.estado),
    rendimientoAlumno: {
      fechaPublicado: base.fechaPublicado,
      fechaSellado: base.fechaSellado,
      fechaExpiracion: base.fechaExpiracion,
    },
    finClases: base.finClases,
    finCalificarTareas: base.finCalificarTareas,
    finEditarPlaneamiento: base.finEditarPlaneamiento,
    ...editing(base, now),
    showAssistPercentageInScores: true,
  };
}

export async function formData(db: Db) {
  const [mallas, periodos, profesores, aulas] = await Promise.all([
    mallaOptions(db),
    periodoOptions(db),
    repo.profesorOptions(db),
    aulaOptions(db),
  ]);
  const options = (labels: Record<number, string>) =>
    Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
  return {
    mallas,
    periodos,
    profesores,
    tipoActividadAcademicaHorarios: options(TIPO_ACTIVIDAD_ACADEMICA_HORARIO_LABELS),
    diasSemana: options(DIAS_SEMANA),
    aulas,
  };
}

export function mallaMaterias(db: Db, mallaId: number) {
  return repo.mallaMaterias(db, mallaId);
}

const AUXILIARES = ['profesorAuxiliar1Id', 'profesorAuxiliar2Id', 'profesorAuxiliar3Id'] as const;

function saveRefusal(err: unknown, input: MateriaPeriodoSave, materia: string): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'materias_periodo_materia_periodo_seccion_uq') {
    const message = `${MSG.materiaPeriodoSeccionTaken}: ${materia} - ${input.seccion}`;
    return AppError.badField('seccion', message);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'materias_periodo_periodo_id_periodos_id_fk') {
    return AppError.badField('periodoId', MSG.periodoNotFound);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint === 'inscripciones_materia_materia_periodo_fk') {
    return AppError.badRequest(MSG.materiaPeriodoLocked);
  }
  // Published or sealed: its subject and period stay (the trigger's refusal, in its own words).
  if (pg?.code === REFUSAL.subjectPublishedFrozen) return refusalOf(err);
  return undefined;
}

/**
 * Saves a subject-period with its staff and schedule in one transaction. The schedule sent is the whole
 * schedule: rows marked deleted (or left out) are removed, rows with an id are updated, new rows inserted.
 */
export async function save(
  db: Db,
  user: AuthUser,
  input: MateriaPeriodoSave,
): Promise<{ id: number; seatsOpened: boolean; avisos: string[] }> {
  const materia = await repo.findMallaMateria(db, input.materiaMallaId);
  if (!materia || materia.mallaId !== input.mallaId) {
    throw AppError.badField('materiaMallaId', MSG.materiaPeriodoMateriaNotInMalla);
  }
  const staff = new Map<number, RolProfesorMateria>([[input.profesorId, RolProfesorMateria.Encargado]]);
  for (const key of AUXILIARES) {
    const id = input[key];
    if (id) staff.set(id, RolProfesorMateria.Asistente);
  }
  const profesores = await repo.profesoresAmong(db, [...staff.keys()]);
  const notProfesor = (id: number | null | undefined) => !!id && !profesores.has(id);
  for (const key of ['profesorId', ...AUXILIARES] as const) {
    if (notProfesor(input[key])) {
      throw AppError.badField(key, MSG.materiaPeriodoProfesorNotProfessor);
    }
  }
  const values = {
    materiaMallaId: input.materiaMallaId,
    periodoId: input.periodoId,
    seccion: input.seccion,
    editarAsistencias: input.editarAsistencias,
    utilizaPorcentajePesoMateria: input.utilizaPorcentajePesoMateria,
  };
  try {
    return await writeTx(db, user.id, async (tx) => {
      let id = input.id ?? undefined;
      if (id) {
        const current = await repo.lockMateriaPeriodo(tx, id);
        if (!current) throw AppError.notFound(MSG.materiaPeriodoNotFound);
        const moves = current.materiaMallaId !== values.materiaMallaId || current.periodoId !== values.periodoId;
        if (moves && (await repo.countInscriptos(tx, id)) > 0) throw AppError.badRequest(MSG.materiaPeriodoLocked);
        await repo.updateMateriaPeriodo(tx, id, values);
      } else {
        id = await repo.insertMateriaPeriodo(tx, values);
      }
      await repo.replaceStaff(tx, id, staff);
      await saveSchedule(tx, user, id, input);
      // Absent: the cap stays as it is; null removes it (what GET answers is accepted back).
      const cuposOpened = input.cupo === undefined ? false : await setCap(tx, id, input.cupo);
      return { id, seatsOpened: cuposOpened, avisos: await capacityWarnings(tx, id) };
    });
  } catch (err) {
    throw saveRefusal(err, input, materia.nombre) ?? err;
  }
}

async function saveSchedule(tx: WriteTx, user: AuthUser, id: number, input: MateriaPeriodoSave) {
  const rows = input.horarios;
  const existing = await repo.horarioIdsOf(tx, id);
  const kept = rows.filter((h) => !h.deleted);
  for (const h of kept) {
    if (h.id && !existing.has(h.id)) throw AppError.notFound(MSG.horarioNotFound);
  }
  const keptIds = new Set(kept.flatMap((h) => (h.id ? [h.id] : [])));
  await repo.deleteHorarios(
    tx,
    [...existing].filter((hid) => !keptIds.has(hid)),
  );
  // The schema's refinement has checked every field of the rows that stay.
  const valuesOf = (h: (typeof kept)[number]): repo.HorarioValues => ({
    tipoActividadAcademicaHorario: h.tipoActividadAcademicaHorario!,
    profesorId: h.profesorId!,
    dia: h.dia!,
    horaInicio: h.horaInicio!,
    horaFin: h.horaFin!,
    aulaId: h.aulaId ?? null,
  });
  await requireAulas(tx, kept);
  await checkNewSlots(tx, user, id, input, kept.map(valuesOf));
  for (const h of kept) if (h.id) await repo.updateHorario(tx, h.id, valuesOf(h));
  await repo.insertHorarios(tx, id, kept.filter((h) => !h.id).map(valuesOf));
}

/** Each room named must exist: a 400 on the row's field (the foreign key would refuse without saying which). */
async function requireAulas(tx: WriteTx, kept: MateriaPeriodoSave['horarios']) {
  const ids = [...new Set(kept.flatMap((h) => (h.aulaId ? [h.aulaId] : [])))];
  const known = await repo.aulasAmong(tx, ids);
  kept.forEach((h) => {
    if (h.aulaId && !known.has(h.aulaId)) {
      throw AppError.badField(`horarios.${h.index ?? kept.indexOf(h)}.aulaId`, AULA_MSG.horarioAulaNotFound);
    }
  });
}

/** The clash rules for the slots that are new or changed (schedule-clashes.ts). */
async function checkNewSlots(
  tx: WriteTx,
  user: AuthUser,
  id: number,
  input: MateriaPeriodoSave,
  slots: repo.HorarioValues[],
) {
  const same = (a: repo.HorarioValues, b: Omit<repo.HorarioValues, 'tipoActividadAcademicaHorario'>) =>
    a.profesorId === b.profesorId &&
    a.dia === b.dia &&
    a.horaInicio.slice(0, 5) === b.horaInicio.slice(0, 5) &&
    a.horaFin.slice(0, 5) === b.horaFin.slice(0, 5) &&
    a.aulaId === b.aulaId;
  const before = await repo.horariosOf(tx, id);
  const changed = slots.filter((s) => !before.some((b) => same(s, b)));
  if (changed.length === 0) return;
  await lockPeriodoSchedules(tx, input.periodoId);
  const shared = await checkClashes(tx, user, id, input.periodoId, changed, input.motivoAulaCompartida);
  if (shared.length > 0) {
    await auditSharedRoom(tx, {
      usuarioId: user.id,
      materiaPeriodoId: id,
      motivo: input.motivoAulaCompartida!,
      clashes: shared,
    });
  }
}

/** Deletes a subject-period with its staff and schedule; one with enrolled students stays. */
export async function remove(db: Db, user: AuthUser, id: number, notFound: string = MSG.materiaPeriodoDeleteNotFound) {
  await deleteUnlessInUse(db, user.id, (tx) => repo.deleteMateriaPeriodo(tx, id), {
    notFound,
    inUse: MSG.materiaPeriodoInUse,
  });
}

// ---------------------------------------------------------------- students and grades

export async function alumnos(db: Db, user: AuthUser, id: number, req: PageQuery<{ search?: string | undefined }>) {
  await requireMateriaPeriodo(db, user, id, 'read');
  return repo.listAlumnos(db, id, req.page, req.pageSize, req.filters?.search);
}

/** The rows of Alumnos.xlsx, read in batches as the workbook is written. */
export async function alumnosForDownload(db: Db, user: AuthUser, id: number) {
  const base = await requireMateriaPeriodo(db, user, id, 'read');
  return { base, batch: (after: repo.AlumnoKey | undefined, size: number) => repo.alumnosBatch(db, id, after, size) };
}

/**
 * Saves one student's hand-entered % PP and/or % Asistencia (DOMAIN.md section 5): only while the
 * subject-period is Preliminar and before `finCalificarTareas`; PP only when it is not computed from
 * homework, attendance only with `editarAsistencias`. The database trigger refuses it once published.
 */
/**
 * One enrolment's hand-entered % PP and % Asistencia (spec 03 section 2.10 and the Calificaciones tab), for
 * staff and the subject-period's professors: the subject-period is the enrolment's own, and anyone else gets
 * the 404 of an enrolment that does not exist.
 */
export async function saveNotas(db: Db, user: AuthUser, input: NotasSave, now = new Date()) {
  const found = await repo.findInscripcion(db, input.inscripcionMateriaId);
  if (!found) throw AppError.notFound(MSG.inscripcionNotFound);
  const base = await requireMateriaPeriodo(db, user, found.materiaPeriodoId, 'edit', MSG.inscripcionNotFound);
  const flags = editing(base, now);
  if (!flags.canEditTask) throw AppError.badRequest(MSG.gradesNotEditable);
  const values: { porcentajePP?: number | null; porcentajeAsistencia?: number | null } = {};
  if (input.porcentajePP !== undefined) {
    if (flags.calculatePPFromTasks) throw AppError.badField('porcentajePP', MSG.ppFromTasks);
    values.porcentajePP = input.porcentajePP;
  }
  if (input.porcentajeAsistencia !== undefined) {
    if (!base.editarAsistencias) {
      throw AppError.badField('porcentajeAsistencia', MSG.asistenciaNotEditable);
    }
    values.porcentajeAsistencia = input.porcentajeAsistencia;
  }
  if (Object.keys(values).length > 0) {
    // Written only while the enrolment is still in the section whose rights were checked above: a move to
    // another section in between leaves it alone.
    const written = await writeTx(db, user.id, (tx) =>
      repo.updatePercentages(tx, input.inscripcionMateriaId, base.id, values),
    );
    if (!written) throw AppError.notFound(MSG.inscripcionNotFound);
  }
  return (await repo.findAlumno(db, input.inscripcionMateriaId))!;
}

// ---------------------------------------------------------------- move section

export async function moveData(db: Db, id: number) {
  const base = await repo.findMateriaPeriodo(db, id);
  if (!base) throw AppError.notFound(MSG.materiaPeriodoNotFound);
  const [inscriptos, sections] = await Promise.all([repo.alumnosForMove(db, id), repo.otherSections(db, id)]);
  return {
    materiaPeriodo: { id, materia: base.materiaNombre, seccion: base.seccion, periodo: base.periodoLabel },
    students: inscriptos.map((s) => ({ ...s, selected: false })),
    sections,
  };
}

/**
 * Moves enrolments to another section of the same malla subject and period (DOMAIN.md section 4): each
 * keeps its id, so its attendance marks and homework scores move with it. All or nothing.
 */
export async function move(db: Db, user: AuthUser, input: MoveInscripcion) {
  const ids = [...new Set(input.students.map((s) => s.inscriptionId))];
  const moved = await refusingFullTarget(() =>
    writeTx(db, user.id, async (tx) => {
      const target = await repo.lockMateriaPeriodo(tx, input.subjectId);
      if (!target) throw AppError.notFound(MSG.materiaPeriodoNotFound);
      const found = await repo.lockInscripciones(tx, ids);
      if (found.length !== ids.length) throw AppError.notFound(MSG.inscripcionNotFound);
      for (const i of found) {
        if (i.materiaPeriodoId === target.id) throw AppError.badRequest(MSG.moveAlreadyThere);
        if (i.materiaMallaId !== target.materiaMallaId || i.periodoId !== target.periodoId) {
          throw AppError.badField('subjectId', MSG.moveTargetMismatch);
        }
      }
      return repo.moveInscripciones(tx, ids, target.id);
    }),
  );
  return { moved };
}

/** The target section's cap refused the move (the seats trigger): nothing moved. */
async function refusingFullTarget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isCapRefusalError(err)) throw AppError.badRequest(CUPO_MSG.sinCupoMove);
    throw err;
  }
}
