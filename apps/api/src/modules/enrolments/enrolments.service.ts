import {
  can,
  DIAS_SEMANA,
  ENROL_MSG,
  MSG,
  mustUpdateFicha,
  CUPO_MSG,
  SEMESTRE_MAX,
  type InscripcionDetail,
  type InscripcionFormData,
  type InscripcionPage,
  type InscripcionCheck,
  type InscripcionLine,
  type MiMalla,
  type MateriasBySemesters,
  type TableroAlumnoItem,
} from '@arandu/shared';
import type { z } from 'zod';
import type { zInscripcionListRequest, zInscripcionSave, zSaveInscripcion } from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx, writeTxWithWriter, type WriteTx } from '../../db/tx.js';
import { AppError, findPgError, PG, refusalOf } from '../../lib/errors.js';
import { requirePerfilAlumno } from '../access/access.service.js';
import { requireEnrolmentCreation } from '../access/enrolment-access.js';
import type { AuthUser } from '../auth/auth-user.js';
import { mallaOptions } from '../mallas/mallas.service.js';
import { estadoOf } from '../subject-periods/subject-periods.service.js';
import { getSettings } from '../settings/settings.service.js';
import { correlativaStanding } from './correlative-standing.js';
import { applyLines, checkLines, picture, refusal, type LineContext } from './enrolment-lines.js';
import * as repo from './enrolments.repository.js';
import { annotateOffer } from './offer-lines.js';
import { overbooking } from './seats.repository.js';
import { isCapRefusalError, overbookedLines } from './seats.js';

const alumnoNotFound = () => AppError.notFound(ENROL_MSG.studentNotFound);
const enrolmentNotFound = () => AppError.notFound(ENROL_MSG.inscripcionNotFound);

const SEMESTRES = Array.from({ length: SEMESTRE_MAX }, (_, i) => ({ value: i + 1, label: `${i + 1}º` }));
const semestreNombre = (n: number) => `${n}º Semestre`;

// ---------------------------------------------------------------- who may act on which student

/** Staff act on any student; anyone else only on their own profile (another's answers 404, DOMAIN.md 2). */
const alumnoRule = { any: 'enrolment:any', notFound: ENROL_MSG.studentNotFound } as const;

/** The student profile the user may act on (`alumnoRule`), as the enrolment pages show it. */
export function alumnoFor(db: DbOrTx, user: AuthUser, perfilAlumnoId: number) {
  return requirePerfilAlumno(db, user, perfilAlumnoId, { ...alumnoRule, load: repo.findAlumno });
}

/** The caller's own student profile: a user without one has no enrolments to show. */
async function ownAlumno(db: DbOrTx, user: AuthUser) {
  const alumno = await repo.alumnoOfUser(db, user.id);
  if (!alumno) throw AppError.notFound(ENROL_MSG.notAStudent);
  return alumno;
}

/**
 * The window rule (DOMAIN.md section 2): writes need the active period's window open, except for an Admin.
 * Returns the active period.
 */
async function writablePeriodo(db: DbOrTx, user: AuthUser, now: Date) {
  return mustBeWritable(user, await repo.activePeriodo(db, now));
}

function mustBeWritable<P extends { open: boolean; notYet: boolean }>(user: AuthUser, periodo: P | undefined) {
  // Before the window opens the refusal says so, as Validar does: 'está cerrado' read as if it were over.
  if (!periodo?.open && !can(user, 'enrolment:any-closed'))
    throw AppError.badRequest(periodo?.notYet ? ENROL_MSG.windowNotYet : ENROL_MSG.windowClosed);
  return periodo;
}

// ---------------------------------------------------------------- the enrolment form

export async function myAlumno(db: DbOrTx, user: AuthUser) {
  const alumno = await ownAlumno(db, user);
  return { perfilAlumnoId: alumno.id, alumno: alumno.alumno, malla: `${alumno.carrera} - ${alumno.malla}` };
}

export async function materiasBySemesters(
  db: Db,
  user: AuthUser,
  perfilAlumnoId: number,
  now = new Date(),
): Promise<MateriasBySemesters> {
  const alumno = await alumnoFor(db, user, perfilAlumnoId);
  const periodo = await repo.activePeriodo(db, now);
  const offered = periodo ? await repo.offerForAlumno(db, alumno.id, alumno.mallaId, periodo.id) : [];
  // Each line's reasons and seats before choosing (issue 44), read in one statement for the whole offer.
  const ctx = { perfilAlumnoId: alumno.id, mallaId: alumno.mallaId, activePeriodoId: periodo?.id, now };
  const offer = await annotateOffer(db, ctx, offered);
  const semestres = new Map<number, MateriasBySemesters['semestres'][number]>();
  for (const { semestre, horarios, ...materia } of offer) {
    if (!semestres.has(semestre))
      semestres.set(semestre, { id: semestre, nombre: semestreNombre(semestre), materias: [] });
    semestres.get(semestre)!.materias.push({
      ...materia,
      horarios: horarios.map((h) => ({ ...h, dia: { value: h.dia, label: DIAS_SEMANA[h.dia] ?? '' } })),
    });
  }
  return {
    perfilAlumnoId: alumno.id,
    alumno: alumno.alumno,
    malla: `${alumno.carrera} - ${alumno.malla}`,
    periodo: periodo ? { value: periodo.id, label: periodo.label } : null,
    enableInscription: !!periodo?.open,
    inscripcionPorAbrir: !!periodo?.notYet,
    conforme: periodo ? await repo.hasConformidad(db, alumno.id, periodo.id) : false,
    semestres: [...semestres.values()],
  };
}

/**
 * POST save-inscription: every changed line answered on its own (DOMAIN.md section 4). One transaction that
 * first locks the student's profile, so concurrent saves of one student (two tabs, a rush of retries) run
 * one after the other and the clash check holds; un-enrolments run before enrolments, so a save can swap
 * one subject for another that clashed with it. A student enrolling themselves must have updated their ficha
 * and accepted the 'Manifiesto de Conformidad' for the period, now (`conforme`) or before.
 */
export async function saveInscripcion(
  db: Db,
  user: AuthUser,
  input: z.output<typeof zSaveInscripcion>,
  now = new Date(),
): Promise<InscripcionLine[]> {
  const wanted = new Map(input.materiasModificadas.map((l) => [l.materiaPeriodoId, l.inscripto]));
  const enrolling = [...wanted].some(([, inscripto]) => inscripto);

  return refusingPublished(() =>
    writeTxWithWriter(db, user.id, async (tx, writer) => {
      // The student (locked), the period and who writes in one statement, the save's first (issue 42: it was
      // three round trips). Another's profile answers 404 before a closed window's 400, so ids cannot be probed.
      const locked = await requirePerfilAlumno(tx, user, input.perfilAlumnoId, {
        ...alumnoRule,
        load: (_, perfilAlumnoId) =>
          repo.openSave(tx, { perfilAlumnoId, anyStudent: can(user, alumnoRule.any), usuarioId: user.id, writer, now }),
      });
      const periodo = mustBeWritable(user, locked.periodo);
      const sobrecupo = overbookedLines(user, input.materiasModificadas);
      const ctx: LineContext = {
        tx,
        perfilAlumnoId: locked.id,
        mallaId: locked.mallaId,
        activePeriodoId: periodo?.id,
        now,
        sobrecupo,
      };
      const own = locked.usuarioId === user.id;
      const mine = own && !!periodo;
      if (mine && enrolling && mustUpdateFicha(locked)) throw AppError.badRequest(MSG.updateProfileBanner);
      // One statement reads what every line needs and records the Manifiesto when it comes with the save.
      const p = await picture(ctx, [...wanted.keys()], mine && input.conforme);
      if (mine && enrolling && !p.conforme) throw AppError.badRequest(ENROL_MSG.conformidadRequired);
      const lines = await applyLines(ctx, wanted, p);
      return lines;
    }),
  );
}

/**
 * POST validar (issue 29): the save's own rules on the same body, answered line by line with every reason that
 * applies, and nothing written (the transaction is rolled back). It also answers before the window opens, so a
 * student can prepare a selection, and says so on every line; the whole-save refusals of the save (window,
 * ficha, Manifiesto) appear on the lines they would refuse.
 */
export async function validateInscripcion(
  db: Db,
  user: AuthUser,
  input: z.output<typeof zSaveInscripcion>,
  now = new Date(),
): Promise<InscripcionCheck[]> {
  const alumno = await alumnoFor(db, user, input.perfilAlumnoId);
  const periodo = await repo.activePeriodo(db, now);
  const own = alumno.usuarioId === user.id;
  const window: string[] = [];
  if (!periodo) window.push(ENROL_MSG.noActivePeriod);
  else if (!periodo.open && !can(user, 'enrolment:any-closed'))
    window.push(periodo.notYet ? ENROL_MSG.windowNotYet : ENROL_MSG.windowClosed);
  const wanted = new Map(input.materiasModificadas.map((l) => [l.materiaPeriodoId, l.inscripto]));
  return rolledBack(db, user.id, async (tx) => {
    const { locked, ctx } = await lockedContext(tx, alumno.id, periodo, now);
    const p = await picture(ctx, [...wanted.keys()]);
    const enrolling: string[] = [];
    if (own && periodo) {
      if (mustUpdateFicha(locked)) enrolling.push(MSG.updateProfileBanner);
      if (!input.conforme && !p.conforme) enrolling.push(ENROL_MSG.conformidadRequired);
    }
    return checkLines(ctx, wanted, { window, enrolling }, p);
  });
}

/**
 * Locks the student's row for the rest of `tx` (the save, the check and the staff's move queue on it) and
 * builds the context their lines are checked in.
 */
async function lockedContext(
  tx: WriteTx,
  perfilAlumnoId: number,
  periodo: { id: number } | undefined,
  now: Date,
  sobrecupo?: Set<number>,
): Promise<{ locked: repo.LockedAlumno; ctx: LineContext }> {
  const locked = await repo.lockAlumno(tx, perfilAlumnoId);
  if (!locked) throw alumnoNotFound();
  const ctx: LineContext = { tx, perfilAlumnoId, mallaId: locked.mallaId, activePeriodoId: periodo?.id, now };
  return { locked, ctx: sobrecupo ? { ...ctx, sobrecupo } : ctx };
}

/**
 * Runs `work` in a write transaction that is always rolled back: a read that uses the writers' locks and rules
 * (so it takes the writers' transaction type, though nothing it writes stays).
 */
async function rolledBack<T>(db: Db, userId: number, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const done = Symbol('rolled back');
  try {
    await writeTx(db, userId, async (tx) => {
      result = await work(tx);
      throw done;
    });
  } catch (err) {
    if (err !== done) throw err;
  }
  return result as T;
}

/** A subject published while the save ran: its guard trigger refused the insert, and nothing was written. */
async function refusingPublished<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

// ---------------------------------------------------------------- lists

type ListRequest = z.output<typeof zInscripcionListRequest>;

async function page(db: DbOrTx, q: repo.EnrolmentListQuery, now: Date): Promise<InscripcionPage> {
  const [found, periodo] = await Promise.all([repo.listEnrolments(db, q), repo.activePeriodo(db, now)]);
  return {
    items: found.map(({ total: _total, estadoValue, ...row }) => ({
      ...(row as Omit<InscripcionPage['items'][number], 'estado'>),
      estado: estadoOf(estadoValue as number),
    })),
    totalItemsCount: found[0]?.total ?? 0,
    enableInscription: !!periodo?.open,
  };
}

/** The page and the filters both lists have. */
function listQuery(req: ListRequest): repo.EnrolmentListQuery {
  const f = req.filters ?? {};
  return {
    page: req.page,
    pageSize: req.pageSize,
    numeroSemestre: f.numeroSemestre,
    periodoId: f.periodoId,
    materia: f.materia,
  };
}

/** POST all: every student's enrolments (staff), filtered by student too. */
export function listAll(db: DbOrTx, req: ListRequest, now = new Date()) {
  return page(db, { ...listQuery(req), alumno: req.filters?.alumno }, now);
}

/** POST all-my-subjects: the caller's own enrolments ('Mis Materias'). */
export async function listMine(db: DbOrTx, user: AuthUser, req: ListRequest, now = new Date()) {
  const alumno = await repo.alumnoOfUser(db, user.id);
  if (!alumno) return { items: [], totalItemsCount: 0, enableInscription: false };
  return page(db, { ...listQuery(req), perfilAlumnoId: alumno.id }, now);
}

export async function listFormData(db: DbOrTx, user: AuthUser, now = new Date()) {
  const staff = can(user, 'enrolment:any');
  const alumno = staff ? undefined : await repo.alumnoOfUser(db, user.id);
  const [periodos, periodo] = await Promise.all([
    staff || alumno ? repo.periodoOptions(db, alumno?.id) : [],
    repo.activePeriodo(db, now),
  ]);
  return { periodos, semestres: SEMESTRES, enableInscription: !!periodo?.open };
}

// ---------------------------------------------------------------- one enrolment

/** The enrolment if the user may see it: staff any, a student their own; anyone else's is 404. */
async function enrolmentFor(db: DbOrTx, user: AuthUser, id: number) {
  const found = await repo.enrolmentDetail(db, id);
  if (!found || (!can(user, 'enrolment:any') && found.usuarioId !== user.id)) throw enrolmentNotFound();
  return found;
}

export async function get(db: DbOrTx, user: AuthUser, id: number): Promise<InscripcionDetail> {
  const { usuarioId: _u, ...detail } = await enrolmentFor(db, user, id);
  return detail;
}

/** DELETE {id}: staff (an Admin also when the window is closed); refused once there are marks or scores. */
export async function remove(db: Db, user: AuthUser, id: number, now = new Date()) {
  await writablePeriodo(db, user, now);
  try {
    await writeTx(db, user.id, async (tx) => {
      const found = await repo.findEnrolment(tx, id, true);
      if (!found) throw enrolmentNotFound();
      if (found.marked) throw AppError.badRequest(ENROL_MSG.hasMarks);
      await repo.removeEnrolment(tx, id);
    });
  } catch (err) {
    const pg = findPgError(err);
    if (pg?.code === PG.foreignKeyViolation) throw AppError.badRequest(ENROL_MSG.hasMarks);
    throw refusalOf(err) ?? err;
  }
}

/** POST add_subject_dashboard: the student's own star on one of their enrolments. */
export async function toggleTablero(db: Db, user: AuthUser, id: number) {
  return writeTx(db, user.id, async (tx) => {
    const found = await repo.findEnrolment(tx, id);
    if (!found || found.usuarioId !== user.id) throw enrolmentNotFound();
    return { mostrarEnTablero: (await repo.toggleTablero(tx, id))! };
  });
}

/**
 * POST studentsubjects: a new enrolment ('Nueva inscripción', Admin only) or an enrolment moved to another
 * subject-period (staff), under the same rules as a line of the form. A moved enrolment keeps its id; it
 * may change subject only while it has no marks, which would otherwise follow it to the other subject.
 */
export async function save(db: Db, user: AuthUser, input: z.output<typeof zInscripcionSave>, now = new Date()) {
  const id = input.id || undefined;
  if (!id) requireEnrolmentCreation(user);
  const alumno = await alumnoFor(db, user, input.perfilAlumnoId);
  const periodo = await writablePeriodo(db, user, now);
  const fail = (message: string, field = 'materiaPeriodoId') => AppError.badField(field, message);
  if (input.mallaId !== alumno.mallaId) throw fail(ENROL_MSG.mallaNotStudents, 'mallaId');
  const sobrecupo = overbookedLines(user, [{ ...input, inscripto: true }]);
  try {
    const savedId = await writeTx(db, user.id, async (tx) => {
      const { ctx } = await lockedContext(tx, alumno.id, periodo, now, sobrecupo);
      if (!id) {
        const [result] = await applyLines(ctx, new Map([[input.materiaPeriodoId, true]]));
        // Staff enrol one student at a time: a full section is a refusal (the rollback leaves no list entry).
        if (result!.listaEspera) throw fail(CUPO_MSG.sinCupoStaff);
        if (result!.error) throw fail(result!.error);
        const target = (await repo.offeredMaterias(tx, [input.materiaPeriodoId])).get(input.materiaPeriodoId)!;
        return (await repo.enrolmentOfMateria(tx, alumno.id, target.materiaMallaId, target.periodoId))!.id;
      }
      const current = await repo.findEnrolment(tx, id, true);
      if (!current || current.perfilAlumnoId !== alumno.id) throw enrolmentNotFound();
      if (current.materiaPeriodoId === input.materiaPeriodoId) return id;
      const p = await picture(ctx, [input.materiaPeriodoId]);
      const target = p.subjects.get(input.materiaPeriodoId);
      const refused = refusal(ctx, p, target, id);
      if (refused) throw fail(refused);
      if (current.marked && current.materiaMallaId !== target!.materiaMallaId)
        throw fail(ENROL_MSG.subjectChangeWithMarks);
      await (sobrecupo.size > 0
        ? overbooking(tx, () => repo.updateEnrolment(tx, id, target!))
        : repo.updateEnrolment(tx, id, target!));
      return id;
    });
    return { id: savedId };
  } catch (err) {
    if (isCapRefusalError(err)) throw fail(CUPO_MSG.sinCupoStaff);
    const pg = findPgError(err);
    if (pg?.code === PG.uniqueViolation) throw fail(ENROL_MSG.otherSection);
    const refused = refusalOf(err);
    if (refused) throw fail(refused.message);
    throw err;
  }
}

export async function formData(db: DbOrTx, now = new Date()): Promise<InscripcionFormData> {
  const [mallas, periodo] = await Promise.all([mallaOptions(db), repo.activePeriodo(db, now)]);
  return {
    mallas,
    semestres: SEMESTRES,
    periodo: periodo ? { value: periodo.id, label: periodo.label } : null,
    enableInscription: !!periodo?.open,
  };
}

export async function allMaterias(db: DbOrTx, mallaId: number, now = new Date()) {
  const periodo = await repo.activePeriodo(db, now);
  return periodo ? repo.offerOfMalla(db, mallaId, periodo.id) : [];
}

// ---------------------------------------------------------------- dashboard and Mi Malla

export async function tablero(db: DbOrTx, user: AuthUser): Promise<TableroAlumnoItem[]> {
  const alumno = await repo.alumnoOfUser(db, user.id);
  if (!alumno) return [];
  const found = await repo.tablero(db, alumno.id);
  return found.map((r) => ({
    id: r.id as number,
    inscripcionId: r.inscripcionId as number,
    seccion: r.seccion as string,
    codigoMateria: r.codigoMateria as string,
    materia: r.materia as string,
    carrera: r.carrera as string,
    semestre: r.semestre as number,
    anho: r.anho as number,
    porcentajeAsistencia: r.porcentajeAsistencia as number | null,
    porcentajePP: r.porcentajePP as number | null,
    estado: estadoOf(r.estadoValue as number),
    rendimientoAlumno: {
      fechaPublicado: r.fechaPublicado as string | null,
      fechaSellado: r.fechaSellado as string | null,
      fechaExpiracion: r.fechaExpiracion as string | null,
    },
  }));
}

export async function miMalla(db: DbOrTx, user: AuthUser, now = new Date()): Promise<MiMalla> {
  const alumno = await ownAlumno(db, user);
  const periodo = await repo.activePeriodo(db, now);
  const materias = await repo.mallaProgress(db, alumno.id, alumno.mallaId, periodo?.id ?? null);
  const standing = await correlativaStanding(
    db,
    alumno.id,
    materias.map((s) => s.materiaMallaId),
    await getSettings(db),
    now,
  );
  const semestres = new Map<number, MiMalla['semestres'][number]>();
  let aprobadas = 0;
  let cursando = 0;
  for (const { semestre, ...s } of materias) {
    const estado = s.calificacion !== null ? 'aprobada' : s.seccion !== null ? 'cursando' : 'pendiente';
    if (estado === 'aprobada') aprobadas++;
    if (estado === 'cursando') cursando++;
    if (!semestres.has(semestre))
      semestres.set(semestre, { id: semestre, nombre: semestreNombre(semestre), materias: [] });
    // A subject still to take shows why it cannot be taken yet (issue 29): its correlatives missing.
    const bloqueos = estado === 'pendiente' ? standing.pendientes(s.materiaMallaId, 'enrol') : [];
    semestres.get(semestre)!.materias.push({
      ...s,
      estado,
      correlativas: standing.correlativas.get(s.materiaMallaId) ?? [],
      bloqueos,
    });
  }
  return {
    malla: alumno.malla,
    carrera: alumno.carrera,
    total: materias.length,
    aprobadas,
    cursando,
    porcentaje: materias.length === 0 ? 0 : Math.round((aprobadas / materias.length) * 100),
    semestres: [...semestres.values()],
  };
}

// What the waiting list reads of enrolments: a user's student profile, the active period, the profile's lock.
export { activePeriodo, alumnoOfUser, lockAlumno } from './enrolments.repository.js';
