import type { FastifyRequest } from 'fastify';
import {
  ENTREGA_DEFAULT_MB,
  ENTREGAS_PROXIMAS_DIAS,
  EstadoPublicacion,
  MSG_ENTREGAS as E,
  MSG_TEACHING as T,
  TIPOS_ENTREGA,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import type { VirusScanner } from '../../lib/clamav.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, refusalOf } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { mayActOnMateriaPeriodo, taughtAmong } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { closedAt, plazoAt } from './deadline.js';
import * as repo from './hand-ins.repository.js';
import { receiptMail } from './receipt-mail.js';
import { receiveFiles } from './upload.js';

export interface EntregasDeps {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  scanner: VirusScanner | undefined;
  clock: Clock;
}

const notFound = () => AppError.notFound(T.tareaNotFound);

/** A homework handed in through Arandu, of a subject the student is enrolled in (else 404, as a missing one). */
async function tareaOfAlumno(db: Db, user: AuthUser, tareaId: number) {
  const tarea = await repo.findTarea(db, tareaId);
  const alumno = tarea && (await repo.ownAlumno(db, user.id, tarea.materiaPeriodoId));
  if (!tarea || !alumno || !tarea.entrega) throw notFound();
  return { tarea, entrega: tarea.entrega, alumno };
}

/**
 * A homework of a subject-period the user may read (its professor, staff); with `change`, only one of the
 * subject-period's own professors: staff see the hand-ins read-only (issue 46).
 */
async function tareaOfProfesor(db: Db, user: AuthUser, tareaId: number, change = false) {
  const tarea = await repo.findTarea(db, tareaId);
  if (!tarea || !(await mayActOnMateriaPeriodo(db, user, tarea.materiaPeriodoId, 'read'))) throw notFound();
  if (change && !(await taughtAmong(db, user, [tarea.materiaPeriodoId])).has(tarea.materiaPeriodoId)) {
    throw AppError.forbidden('Sólo los profesores de la materia escriben y publican devoluciones');
  }
  return tarea;
}

/**
 * The student's upload: the deadline is read at the moment the request arrives (the second counts), the files
 * are streamed to the storage and checked as they come, and the new version with its files, the receipt mail
 * and the audit rows commit together.
 */
export async function upload(deps: EntregasDeps, request: FastifyRequest, user: AuthUser, tareaId: number) {
  const arrived = deps.clock.now();
  const { tarea, entrega, alumno } = await tareaOfAlumno(deps.db, user, tareaId);
  if (tarea.estado !== EstadoPublicacion.Preliminar) throw AppError.badRequest(T.frozen);
  const plazo = plazoAt(entrega, arrived);
  if (!plazo.abierta) throw AppError.badRequest(E.cerrada(closedAt(entrega)));
  const archivos = await receiveFiles(request, entrega, deps.storage, deps.scanner);
  try {
    const saved = await writeTx(deps.db, user.id, async (tx) => {
      const version = await repo.insertVersion(tx, {
        tareaId,
        perfilAlumnoId: alumno.perfilAlumnoId,
        usuarioId: user.id,
        fecha: arrived,
        atrasada: plazo.atrasada,
        archivos,
      });
      await deps.mailer.queue(tx, receiptMail({ to: alumno.email, tarea, version, atrasada: plazo.atrasada }));
      return version;
    });
    deps.mailer.deliverSoon();
    return { entregaId: saved.entregaId, fecha: saved.fecha, atrasada: plazo.atrasada, archivos: saved.archivos };
  } catch (err) {
    await deps.storage.forget(archivos.map((a) => a.sha256));
    throw refusalOf(err) ?? err;
  }
}

/** The dashboard's 'Entregas próximas': what the student may still hand in, due in the next two weeks. */
export async function upcoming(deps: EntregasDeps, user: AuthUser) {
  return repo.proximasOf(deps.db, user.id, deps.clock.now(), ENTREGAS_PROXIMAS_DIAS);
}

export async function mine(deps: EntregasDeps, user: AuthUser, tareaId: number) {
  const { tarea, entrega, alumno } = await tareaOfAlumno(deps.db, user, tareaId);
  const [versiones, devolucion] = await Promise.all([
    repo.versionesOf(deps.db, tareaId, alumno.perfilAlumnoId),
    repo.devolucionOf(deps.db, tareaId, alumno.perfilAlumnoId, alumno.inscripcionMateriaId),
  ]);
  const plazo = plazoAt(entrega, deps.clock.now());
  const newest = versiones[0];
  const publicadas = tarea.devolucionesPublicadasEn !== null;
  return {
    tareaId,
    descripcion: tarea.descripcion,
    entrega,
    abierta: plazo.abierta && tarea.estado === EstadoPublicacion.Preliminar,
    conAtraso: plazo.atrasada,
    recibo: newest
      ? { entregaId: newest.entregaId, fecha: newest.fecha, atrasada: newest.atrasada, archivos: newest.archivos }
      : null,
    versiones: versiones.map(({ entregaId: _e, ...v }) => v),
    devolucionesPublicadas: publicadas,
    // Feedback and score reach the student only once published.
    devolucion: publicadas ? devolucion.devolucion : null,
    devolucionArchivo: publicadas ? devolucion.devolucionArchivo : null,
    puntaje: publicadas ? devolucion.puntaje : null,
    puntajeTotal: tarea.puntajeTotal,
  };
}

export async function list(deps: EntregasDeps, user: AuthUser, tareaId: number) {
  const tarea = await tareaOfProfesor(deps.db, user, tareaId);
  return repo.listOf(deps.db, tareaId, tarea.materiaPeriodoId);
}

/** One file: to its student, and to whoever may read the homework's subject-period; else 404. */
export async function archivo(deps: EntregasDeps, user: AuthUser, id: number) {
  const found = await repo.findArchivo(deps.db, id);
  const allowed =
    found &&
    (found.usuarioId === user.id || (await mayActOnMateriaPeriodo(deps.db, user, found.materiaPeriodoId, 'read')));
  if (!found || !allowed) throw AppError.notFound(E.archivoNotFound);
  const content = await deps.storage.read(found.sha256);
  if (!content) throw AppError.notFound(E.archivoNotFound);
  return { ...found, content };
}

export async function zipEntries(deps: EntregasDeps, user: AuthUser, tareaId: number) {
  const tarea = await tareaOfProfesor(deps.db, user, tareaId);
  return { tarea, alumnos: await repo.zipEntriesOf(deps.db, tareaId) };
}

export async function devolucion(
  deps: EntregasDeps,
  user: AuthUser,
  tareaId: number,
  perfilAlumnoId: number,
  texto: string,
) {
  await feedbackTarget(deps, user, tareaId, perfilAlumnoId);
  const saved = await writeTx(deps.db, user.id, (tx) =>
    repo.writeDevolucion(tx, { tareaId, perfilAlumnoId, texto: texto || null, usuarioId: user.id }),
  );
  return { devolucion: saved };
}

/** A homework whose feedback the user may write (one of its professors, while not frozen) and its student. */
async function feedbackTarget(deps: EntregasDeps, user: AuthUser, tareaId: number, perfilAlumnoId: number) {
  const tarea = await tareaOfProfesor(deps.db, user, tareaId, true);
  if (tarea.estado !== EstadoPublicacion.Preliminar) throw AppError.badRequest(T.frozen);
  const alumno = await repo.alumnoOf(deps.db, perfilAlumnoId, tarea.materiaPeriodoId);
  if (!alumno) throw AppError.notFound(E.entregaNotFound);
  return tarea;
}

/**
 * The file a professor gives back with the feedback: read, checked and scanned as a hand-in's (its kind from
 * its bytes, its size while it streams), of any of the four kinds (an annotated PDF for a homework taken as
 * photos) and up to the homework's size per file; it replaces the one given before, which the storage then
 * forgets unless something else names the same bytes.
 */
export async function devolucionArchivo(
  deps: EntregasDeps,
  request: FastifyRequest,
  user: AuthUser,
  tareaId: number,
  perfilAlumnoId: number,
) {
  const tarea = await feedbackTarget(deps, user, tareaId, perfilAlumnoId);
  const [archivo] = await receiveFiles(
    request,
    {
      tipos: [...TIPOS_ENTREGA],
      maxArchivos: 1,
      maxMB: tarea.entrega?.maxMB ?? ENTREGA_DEFAULT_MB,
      campo: 'archivo',
      elegir: E.elegirArchivoDevolucion,
      demasiados: E.unArchivoDevolucion,
    },
    deps.storage,
    deps.scanner,
  );
  let saved;
  try {
    saved = await writeTx(deps.db, user.id, (tx) =>
      repo.writeDevolucionArchivo(tx, { tareaId, perfilAlumnoId, usuarioId: user.id, archivo: archivo! }),
    );
  } catch (err) {
    await deps.storage.forget([archivo!.sha256]);
    throw refusalOf(err) ?? err;
  }
  if (saved.reemplazado && saved.reemplazado !== archivo!.sha256) await deps.storage.forget([saved.reemplazado]);
  return { devolucionArchivo: saved.archivo };
}

export async function quitarDevolucionArchivo(
  deps: EntregasDeps,
  user: AuthUser,
  tareaId: number,
  perfilAlumnoId: number,
) {
  await feedbackTarget(deps, user, tareaId, perfilAlumnoId);
  const gone = await writeTx(deps.db, user.id, (tx) => repo.deleteDevolucionArchivo(tx, tareaId, perfilAlumnoId));
  if (gone) await deps.storage.forget([gone]);
  return { devolucionArchivo: null };
}

/**
 * A file given back: to whoever may read the homework's subject-period, and to its student once the feedback
 * is published (before that, as to anyone else, 404).
 */
export async function devolucionArchivoFile(deps: EntregasDeps, user: AuthUser, id: number) {
  const found = await repo.findDevolucionArchivo(deps.db, id);
  const allowed =
    found &&
    ((found.usuarioId === user.id && found.publicada) ||
      (await mayActOnMateriaPeriodo(deps.db, user, found.materiaPeriodoId, 'read')));
  if (!found || !allowed) throw AppError.notFound(E.archivoNotFound);
  const content = await deps.storage.read(found.sha256);
  if (!content) throw AppError.notFound(E.archivoNotFound);
  return { ...found, content };
}

export async function publish(deps: EntregasDeps, user: AuthUser, tareaId: number) {
  await tareaOfProfesor(deps.db, user, tareaId, true);
  try {
    const at = await writeTx(deps.db, user.id, (tx) => repo.publishDevoluciones(tx, tareaId));
    if (!at) throw notFound();
    return { devolucionesPublicadasEn: at };
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}
