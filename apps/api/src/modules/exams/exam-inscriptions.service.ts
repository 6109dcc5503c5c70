import {
  groupDocumento,
  can,
  CALIFICACION_COLORS,
  CALIFICACION_LABELS,
  computeCalificacion,
  eligibility,
  examenEditable,
  examenHeld,
  examenScorable,
  EstadoExamen,
  InstanciaExamen,
  misplacedTest,
  MSG_EXAMENES,
  type Inscribir,
  type InscripcionesSave,
  type MiExamen,
  type UpdateCalificacion,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx, type WriteTx } from '../../db/tx.js';
import { AppError, findPgError, PG, refusalOf } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import { ownPerfilAlumnoId, calificacionesExamen } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { Mailer } from '../../lib/mail.js';
import { examenEnrolmentNotice, queueNotices } from '../notices/notices.service.js';
import { getSettings } from '../settings/settings.service.js';
import { requireExamenHeld } from './exam-held.js';
import * as repo from './exams.repository.js';
import { withRectificacion } from './rectified-figures.js';
import { estadoExamenOf, instanciaOf, loadFor, toInscripcion } from './exams.service.js';

export const calificaciones = () =>
  Object.entries(CALIFICACION_LABELS).map(([value, label]) => ({
    value: Number(value),
    label: `${value} - ${label}`,
    color: CALIFICACION_COLORS[Number(value)] ?? 'gray',
  }));

/** The caller's own student profile; a user without one has no exams (404, like someone else's). */
async function ownPerfil(db: DbOrTx, user: AuthUser): Promise<number> {
  const perfil = await ownPerfilAlumnoId(db, user, 'exams:own');
  if (!perfil) throw AppError.notFound(MSG_EXAMENES.inscriptionNotFound);
  return perfil;
}

/** A staff enrolment is not bound by the student's deadline; every other rule holds. */
const STAFF_NO_DEADLINE = '9999-12-31T00:00:00.000Z';

function refusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation) return AppError.badRequest(MSG_EXAMENES.alreadyEnrolled);
  return refusalOf(err);
}

async function withRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

export async function formData(db: Db, user: AuthUser, examenId: number | undefined, loadAlumnos: boolean) {
  if (!examenId) return { examen: null, alumnos: [], calificaciones: calificaciones() };
  const e = await loadFor(db, user, examenId);
  const { estado, semestre: _s, interventor: _i, interventorAuxiliar: _a, profesor: _p, ...rest } = e;
  const alumnos = loadAlumnos ? await repo.alumnosMateria(db, examenId) : [];
  return {
    examen: {
      ...rest,
      estado: estadoExamenOf(estado),
      modificado: estado === EstadoExamen.Inconsistente,
      puedeCalificar: examenScorable(estado) && examenHeld(e.fecha, new Date()),
    },
    alumnos: alumnos.map((a) => ({
      value: a.perfilAlumnoId,
      label: `${a.apellido}, ${a.nombre} (${groupDocumento(a.numeroDocumento)})`,
      usuarioId: a.usuarioId,
      inscripto: a.inscripto,
    })),
    calificaciones: calificaciones(),
  };
}

function toMiExamen(row: repo.MiExamenDb, now: Date, cfg: Awaited<ReturnType<typeof getSettings>>): MiExamen {
  const {
    instancia,
    estadoExamen,
    asistenciaMateria,
    ppMateria,
    estadoMateria,
    fechaExpiracion,
    yaAprobada,
    correlativasPendientes,
    ...rest
  } = withRectificacion(row);
  // An enrolled card shows its stored instance; any other card what the rules decide now.
  const decided =
    instancia === null
      ? eligibility(
          {
            porcentajeAsistencia: asistenciaMateria,
            porcentajePP: ppMateria,
            estadoMateria,
            fechaExpiracion,
            yaAprobada,
            correlativasPendientes,
            fechaLimiteInscripcion: row.fechaLimiteInscripcionExamen,
          },
          cfg,
          now,
        )
      : { instancia, motivo: null, causa: instancia === InstanciaExamen.Recuperatorio ? ('pp' as const) : null };
  return {
    ...rest,
    estadoExamen: estadoExamenOf(estadoExamen),
    instancia: instanciaOf(decided.instancia, decided.motivo),
    causa: decided.causa,
  };
}

export async function myExamenes(db: Db, user: AuthUser, req: PageQuery<{ search?: string | undefined }>) {
  const perfil = await ownPerfil(db, user);
  const [page, cfg] = await Promise.all([
    repo.myExamenes(db, perfil, req.page, req.pageSize, req.filters?.search),
    getSettings(db),
  ]);
  const now = new Date();
  return { totalItemsCount: page.totalItemsCount, items: page.items.map((r) => toMiExamen(r, now, cfg)) };
}

export async function available(db: Db, user: AuthUser, req: PageQuery<unknown>) {
  const perfil = await ownPerfil(db, user);
  const [page, cfg] = await Promise.all([repo.availableExamenes(db, perfil, req.page, req.pageSize), getSettings(db)]);
  const now = new Date();
  return { totalItemsCount: page.totalItemsCount, items: page.items.map((r) => toMiExamen(r, now, cfg)) };
}

export async function misDerechos(db: Db, user: AuthUser, req: PageQuery<unknown>) {
  const perfil = await ownPerfil(db, user);
  const [page, cfg] = await Promise.all([repo.misDerechos(db, perfil, req.page, req.pageSize), getSettings(db)]);
  const now = new Date();
  const noDeadline = STAFF_NO_DEADLINE;
  return {
    totalItemsCount: page.totalItemsCount,
    items: page.items.map((d) => {
      const decided = eligibility({ ...d, fechaLimiteInscripcion: noDeadline }, cfg, now);
      return {
        inscripcionMateriaId: d.inscripcionMateriaId,
        materia: d.materia,
        codMateria: d.codMateria,
        periodo: d.periodo,
        porcentajeAsistencia: d.porcentajeAsistencia,
        porcentajePP: d.porcentajePP,
        fechaExpiracion: d.fechaExpiracion,
        instancia: instanciaOf(decided.instancia, decided.motivo),
        causa: decided.causa,
      };
    }),
  };
}

/**
 * Enrols students in an exam after deciding each one's instance (DOMAIN.md 6). Blocked students are
 * answered with their reason and not enrolled; the unique constraint keeps one enrolment per student.
 */
async function enrol(
  tx: WriteTx,
  mailer: Mailer,
  user: AuthUser,
  examenId: number,
  perfilIds: number[],
  deadline: string | null,
): Promise<{ ids: number[]; rechazados: { perfilAlumnoId: number; motivo: string }[] }> {
  const examen = await repo.findExamen(tx, examenId, true);
  if (!examen) throw AppError.notFound(MSG_EXAMENES.notFound);
  if (!examenEditable(examen.estado)) throw AppError.badRequest(MSG_EXAMENES.notActive);
  const [derechos, cfg] = await Promise.all([
    repo.derechosOfMany(tx, examen.materiaPeriodoId, perfilIds),
    getSettings(tx),
  ]);
  const byPerfil = new Map(derechos.map((d) => [d.perfilAlumnoId, d]));
  const now = new Date();
  const rechazados: { perfilAlumnoId: number; motivo: string }[] = [];
  const nuevos: repo.NewInscripcion[] = [];
  for (const perfilAlumnoId of perfilIds) {
    const d = byPerfil.get(perfilAlumnoId);
    if (!d) {
      rechazados.push({ perfilAlumnoId, motivo: MSG_EXAMENES.alumnoNotInSubject });
      continue;
    }
    const decided = eligibility({ ...d, fechaLimiteInscripcion: deadline ?? examen.fechaLimiteInscripcion }, cfg, now);
    if (decided.instancia === InstanciaExamen.Invalido) {
      rechazados.push({ perfilAlumnoId, motivo: decided.motivo ?? MSG_EXAMENES.notEligible });
      continue;
    }
    nuevos.push({
      examenId,
      perfilAlumnoId,
      inscripcionMateriaId: d.inscripcionMateriaId,
      usuarioInscripcionId: user.id,
      instancia: decided.instancia,
      porcentajeAsistencia: d.porcentajeAsistencia,
      porcentajePP: d.porcentajePP,
    });
  }
  const ids = await repo.insertInscripciones(tx, nuevos);
  // The students hear of it (issue 30): confirmed ones, and refused ones with the reason.
  await queueNotices(tx, mailer, [
    ...nuevos.map((n) => examenEnrolmentNotice(n.perfilAlumnoId, examen, null)),
    ...rechazados.map((r) => examenEnrolmentNotice(r.perfilAlumnoId, examen, r.motivo)),
  ]);
  return { ids, rechazados };
}

/** 'Inscribirme': a student enrols in an exam they are eligible for, once. */
export async function inscribirme(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  input: { examenId: number; perfilAlumnoId: number },
) {
  const perfil = await ownPerfil(db, user);
  if (input.perfilAlumnoId !== perfil) throw AppError.notFound(MSG_EXAMENES.notFound);
  const examen = await repo.findExamen(db, input.examenId);
  // An exam of a subject the student is not enrolled in is not theirs to see.
  if (!examen || !(await repo.derechoOf(db, examen.materiaPeriodoId, perfil)))
    throw AppError.notFound(MSG_EXAMENES.notFound);
  // A refusal enrols nobody; it commits (with its notice) and is answered after.
  const { ids, rechazados } = await withRefusals(() =>
    writeTx(db, user.id, (tx) => enrol(tx, mailer, user, input.examenId, [perfil], null)),
  );
  mailer.deliverSoon();
  if (rechazados[0]) throw AppError.badRequest(rechazados[0].motivo);
  if (!ids[0]) throw AppError.badRequest(MSG_EXAMENES.alreadyEnrolled);
  return toInscripcion((await repo.findInscripcion(db, ids[0]))!);
}

/** An enrolment the user may see: staff and the exam's professor any of its rows; a student only theirs. */
async function loadInscripcion(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  notFound: string = MSG_EXAMENES.inscriptionNotFound,
) {
  const found = await repo.findInscripcion(db, id);
  if (!found) throw AppError.notFound(notFound);
  if (await calificacionesExamen(db, user, found.examenId)) return found;
  const perfil = await ownPerfilAlumnoId(db, user, 'exams:own');
  if (perfil !== found.perfilAlumnoId) throw AppError.notFound(notFound);
  return found;
}

export async function get(db: Db, user: AuthUser, id: number) {
  return toInscripcion(await loadInscripcion(db, user, id));
}

/** Staff: add or remove students of an exam (the 'Agregar/Quitar Alumnos' checklist). */
export async function saveMany(db: Db, mailer: Mailer, user: AuthUser, input: InscripcionesSave) {
  await loadFor(db, user, input.examenId);
  const saves = input.inscripcionExamenSaves.filter((s) => s.examenId === input.examenId);
  const add = saves.filter((s) => s.selected).map((s) => s.perfilAlumnoId);
  const drop = saves.filter((s) => !s.selected).map((s) => s.perfilAlumnoId);
  const result = await withRefusals(() =>
    writeTx(db, user.id, async (tx) => {
      const { ids, rechazados } = await enrol(tx, mailer, user, input.examenId, add, STAFF_NO_DEADLINE);
      await repo.deleteInscripciones(tx, input.examenId, drop);
      return { agregados: ids.length, quitados: drop.length, rechazados };
    }),
  );
  mailer.deliverSoon();
  return result;
}

async function calificacionValues(
  db: DbOrTx,
  instancia: number,
  v: Omit<UpdateCalificacion, 'inscripcionId'>,
  current: repo.InscripcionDb,
) {
  const misplaced = misplacedTest(instancia, v);
  if (misplaced) throw AppError.badRequest(misplaced.message, { [misplaced.field]: misplaced.message });
  const pick = (key: 'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC') =>
    v[key] === undefined ? current[key] : v[key];
  const values = {
    porcentajeAsistencia: pick('porcentajeAsistencia'),
    porcentajePP: pick('porcentajePP'),
    porcentajePF: pick('porcentajePF'),
    porcentajePC: pick('porcentajePC'),
  };
  return { ...values, calificacion: computeCalificacion({ instancia, ...values }, await getSettings(db)) };
}

const CALIFICACION_FIELDS = ['porcentajeAsistencia', 'porcentajePP', 'porcentajePF', 'porcentajePC'] as const;

/** Inline scores: the server computes the calificación; a sealed exam refuses (here and in the trigger). */
export async function updateCalificacion(db: Db, user: AuthUser, input: UpdateCalificacion) {
  const { inscripcionId, ...values } = input;
  return withRefusals(() =>
    writeTx(db, user.id, async (tx) => {
      const current = await repo.findInscripcion(tx, inscripcionId);
      if (!current || !(await calificacionesExamen(tx, user, current.examenId))) {
        throw AppError.notFound(MSG_EXAMENES.inscriptionNotFound);
      }
      const examen = await repo.findExamen(tx, current.examenId, true);
      if (!examen || !examenScorable(examen.estado)) throw AppError.badRequest(MSG_EXAMENES.sealed);
      requireExamenHeld(examen);
      await repo.updateCalificaciones(
        tx,
        inscripcionId,
        await calificacionValues(tx, current.instancia, values, current),
      );
      return toInscripcion((await repo.findInscripcion(tx, inscripcionId))!);
    }),
  );
}

/** The 'inscripción y/o nota' form: enrol one student (if new) and record their figures. */
export async function inscribir(db: Db, mailer: Mailer, user: AuthUser, input: Inscribir) {
  await loadFor(db, user, input.examenId);
  const result = await withRefusals(() =>
    writeTx(db, user.id, async (tx) => {
      let id = input.id ?? 0;
      if (!id) {
        const { ids, rechazados } = await enrol(
          tx,
          mailer,
          user,
          input.examenId,
          [input.perfilAlumnoId],
          STAFF_NO_DEADLINE,
        );
        if (rechazados[0]) throw AppError.badRequest(rechazados[0].motivo, { alumnoObj: rechazados[0].motivo });
        if (!ids[0]) throw AppError.badField('alumnoObj', MSG_EXAMENES.alreadyEnrolled);
        id = ids[0];
      }
      const current = await repo.findInscripcion(tx, id);
      if (!current || current.examenId !== input.examenId) throw AppError.notFound(MSG_EXAMENES.inscriptionNotFound);
      const examen = await repo.findExamen(tx, input.examenId, true);
      if (!examen || !examenScorable(examen.estado)) throw AppError.badRequest(MSG_EXAMENES.sealed);
      // Enrolling before the exam is fine; a figure is a score, taken only once the exam was held.
      if (CALIFICACION_FIELDS.some((k) => typeof input[k] === 'number')) requireExamenHeld(examen);
      const values = await calificacionValues(tx, current.instancia, input, current);
      await repo.updateCalificaciones(tx, id, { ...values, fechaInscripcion: input.fechaInscripcion });
      return toInscripcion((await repo.findInscripcion(tx, id))!);
    }),
  );
  mailer.deliverSoon();
  return result;
}

export async function remove(db: Db, user: AuthUser, id: number) {
  const found = await loadInscripcion(db, user, id, MSG_EXAMENES.inscriptionDeleteNotFound);
  if (!can(user, 'exams:manage')) throw AppError.notFound(MSG_EXAMENES.inscriptionDeleteNotFound);
  await withRefusals(() =>
    writeTx(db, user.id, async (tx) => {
      const examen = await repo.findExamen(tx, found.examenId, true);
      if (!examen || !examenEditable(examen.estado)) throw AppError.badRequest(MSG_EXAMENES.notActive);
      await repo.deleteInscripcion(tx, id);
    }),
  );
}
