import {
  ENROL_MSG,
  MSG,
  mustUpdateFicha,
  CUPO_MSG,
  type InscripcionLine,
  type ListaEsperaMover,
  type ListaEsperaStaff,
  type MiListaEsperaItem,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { applyLines, type LineContext } from '../enrolments/enrolment-lines.js';
import * as enrolments from '../enrolments/enrolments.service.js';
import { setCap } from '../enrolments/seats.js';
import * as repo from './waitlist.repository.js';

const notOnList = () => AppError.notFound(CUPO_MSG.notOnList);

async function ownAlumno(db: DbOrTx, user: AuthUser) {
  const alumno = await enrolments.alumnoOfUser(db, user.id);
  if (!alumno) throw AppError.notFound(ENROL_MSG.notAStudent);
  return alumno;
}

/** GET studentsubjects/lista-espera: the caller's entries (none for a user without a student profile). */
export async function mine(db: DbOrTx, user: AuthUser): Promise<MiListaEsperaItem[]> {
  const alumno = await enrolments.alumnoOfUser(db, user.id);
  return alumno ? repo.entriesOf(db, alumno.id) : [];
}

/** DELETE studentsubjects/lista-espera/{id}: leaving the list (also declines an open offer, which passes on). */
export async function leave(db: Db, user: AuthUser, materiaPeriodoId: number): Promise<boolean> {
  const alumno = await ownAlumno(db, user);
  const left = await writeTx(db, user.id, (tx) => repo.removeEntry(tx, materiaPeriodoId, alumno.id));
  if (!left) throw notOnList();
  return true;
}

/**
 * POST studentsubjects/lista-espera/{id}/aceptar: the offered seat, under every rule of a save checked again
 * now (window, clash, already enrolled elsewhere…). The entry is locked and the enrolment made in the same
 * transaction: the enrolment trigger finds the live offer in the list (the student's own row, not a setting
 * anyone could write) and drops the entry, freeing the held seat for this enrolment. A refused rule rolls it all
 * back, so the offer stays until its deadline.
 */
export async function accept(
  db: Db,
  user: AuthUser,
  materiaPeriodoId: number,
  now = new Date(),
): Promise<InscripcionLine> {
  const alumno = await ownAlumno(db, user);
  const periodo = await enrolments.activePeriodo(db, now);
  if (!periodo?.open) throw AppError.badRequest(ENROL_MSG.windowClosed);
  return writeTx(db, user.id, async (tx) => {
    const locked = await enrolments.lockAlumno(tx, alumno.id);
    if (!locked) throw AppError.notFound(ENROL_MSG.studentNotFound);
    if (mustUpdateFicha(locked)) throw AppError.badRequest(MSG.updateProfileBanner);
    const entry = await repo.lockEntry(tx, materiaPeriodoId, alumno.id);
    if (!entry) throw notOnList();
    if (!entry.ofertaVence) throw AppError.badRequest(CUPO_MSG.noOffer);
    if (new Date(entry.ofertaVence) <= now) throw AppError.badRequest(CUPO_MSG.offerLapsed);
    const ctx: LineContext = {
      tx,
      perfilAlumnoId: alumno.id,
      mallaId: locked.mallaId,
      activePeriodoId: periodo.id,
      now,
    };
    const [line] = await applyLines(ctx, new Map([[materiaPeriodoId, true]]));
    if (line!.error || line!.listaEspera) throw AppError.badRequest(line!.error ?? CUPO_MSG.noOffer);
    return { ...line!, success: CUPO_MSG.offerAccepted };
  });
}

// ---------------------------------------------------------------- staff

async function section(db: DbOrTx, id: number) {
  const found = await repo.sectionOf(db, id);
  if (!found) throw AppError.notFound(MSG.materiaPeriodoNotFound);
  return found;
}

/** GET MateriasPeriodo/{id}/lista-espera. */
export async function staffList(db: DbOrTx, id: number): Promise<ListaEsperaStaff> {
  const s = await section(db, id);
  return {
    materiaPeriodoId: s.id,
    materia: s.materia,
    seccion: s.seccion,
    cupo: s.cupo,
    inscriptos: s.inscriptos,
    items: await repo.listOf(db, id),
  };
}

/** POST MateriasPeriodo/{id}/lista-espera/mover: one entry to another position, with the reason audited. */
export async function move(db: Db, user: AuthUser, id: number, input: ListaEsperaMover): Promise<ListaEsperaStaff> {
  await section(db, id);
  await writeTx(db, user.id, async (tx) => {
    if (!(await repo.lockList(tx, id))) throw notOnList();
    const order = (await repo.listOf(tx, id)).map((e) => e.perfilAlumnoId);
    const desde = order.indexOf(input.perfilAlumnoId) + 1;
    if (desde === 0) throw notOnList();
    if (input.posicion > order.length) {
      throw AppError.badField('posicion', CUPO_MSG.movePositionInvalid);
    }
    order.splice(desde - 1, 1);
    order.splice(input.posicion - 1, 0, input.perfilAlumnoId);
    await repo.renumber(tx, id, order);
    await repo.auditMove(tx, {
      usuarioId: user.id,
      materiaPeriodoId: id,
      perfilAlumnoId: input.perfilAlumnoId,
      desde,
      hasta: input.posicion,
      motivo: input.motivo,
    });
  });
  return staffList(db, id);
}

/** The first free name among A…Z, then the subject's section followed by a number. */
function nextSection(taken: string[], base: string): string {
  const used = new Set(taken.map((s) => s.trim().toUpperCase()));
  for (let c = 65; c <= 90; c++) if (!used.has(String.fromCharCode(c))) return String.fromCharCode(c);
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`.toUpperCase())) return `${base}${n}`.slice(0, 16);
}

/**
 * POST MateriasPeriodo/{id}/seccion-paralela: a new section of the same subject and period with the cap
 * copied and the list's waiting students copied in order; staff then give it a schedule and professor, and
 * the offer job offers its seats in that order (whoever enrols in one section leaves the other's list).
 */
export async function openParallel(db: Db, user: AuthUser, id: number): Promise<{ id: number; seccion: string }> {
  return writeTx(db, user.id, async (tx) => {
    if (!(await repo.lockList(tx, id))) throw AppError.badRequest(CUPO_MSG.paralelaNoList);
    const s = await section(tx, id);
    if ((await repo.listOf(tx, id)).length === 0) throw AppError.badRequest(CUPO_MSG.paralelaNoList);
    const seccion = nextSection(await repo.sectionNames(tx, s.materiaMallaId, s.periodoId), s.seccion);
    const created = await repo.insertSection(tx, {
      materiaMallaId: s.materiaMallaId,
      periodoId: s.periodoId,
      seccion,
      editarAsistencias: s.editarAsistencias,
      utilizaPorcentajePesoMateria: s.utilizaPorcentajePesoMateria,
    });
    await setCap(tx, created, s.cupo);
    await repo.copyList(tx, id, created);
    return { id: created, seccion };
  });
}
