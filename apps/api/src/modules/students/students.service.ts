import { can, MSG, ALUMNO_OPTIONS_LIMIT, type PageReply, type AlumnoDetail, type AlumnoListItem } from '@arandu/shared';
import type { z } from 'zod';
import type { zAlumnoListRequest, zAlumnoSave, zAlumnoSelectQuery } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { mallaOptions } from '../mallas/mallas.service.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './students.repository.js';

const notFound = () => AppError.notFound(MSG.studentNotFound);

export async function listAlumnos(
  db: DbOrTx,
  request: z.output<typeof zAlumnoListRequest>,
): Promise<PageReply<AlumnoListItem>> {
  const found = await repo.listAlumnos(db, {
    page: request.page,
    pageSize: request.pageSize,
    search: request.filters?.search,
    mallaId: request.filters?.mallaId,
    carreraId: request.filters?.carreraId,
  });
  return {
    totalItemsCount: found[0]?.total ?? 0,
    items: found.map(({ total: _total, ...item }) => item),
  };
}

/** Staff read any record; a student only their own; anyone else gets 404 (DOMAIN.md section 2). */
export async function getAlumno(db: DbOrTx, actor: AuthUser, id: number): Promise<AlumnoDetail> {
  const found = await repo.findAlumno(db, id);
  if (!found || (found.usuarioId !== actor.id && !can(actor, 'structure:manage'))) throw notFound();
  return { ...found, perfilAlumnoId: found.id };
}

function refused(field: string, message: string) {
  return AppError.badField(field, message);
}

/** Answers the constraint the database refused with the form's own message. */
function translate(err: unknown): unknown {
  const pg = findPgError(err);
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'perfiles_alumno_legajo_uq') {
    return refused('numeroLegajo', MSG.legajoTaken);
  }
  if (pg?.code === PG.uniqueViolation && pg.constraint === 'perfiles_alumno_usuario_uq') {
    return refused('usuarioId', MSG.studentUserHasProfile);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint?.includes('malla')) {
    return refused('mallaId', MSG.studentMallaRequired);
  }
  return err;
}

/**
 * POST /api/students: the student record (spec 02 section 2). The user must hold the Alumno role and have no
 * other record; the legajo is unique (the database decides, so two saves at once cannot both win); the
 * user of an existing record does not change.
 */
export async function saveAlumno(
  db: DbOrTx,
  actor: AuthUser,
  input: z.output<typeof zAlumnoSave>,
): Promise<AlumnoDetail> {
  const id = input.id || undefined;
  const values = {
    usuarioId: input.usuarioId,
    mallaId: input.mallaId,
    numeroLegajo: input.numeroLegajo,
    fechaIngreso: input.fechaIngreso,
  };
  let savedId: number;
  try {
    savedId = await writeTx(db, actor.id, async (tx) => {
      if (!(await repo.mallaExists(tx, values.mallaId))) throw refused('mallaId', MSG.studentMallaRequired);
      if (id !== undefined) {
        const existing = await repo.findAlumnoForUpdate(tx, id);
        if (!existing) throw notFound();
        if (existing.usuarioId !== values.usuarioId) throw refused('usuarioId', MSG.studentUserLocked);
        // The enrolments were checked against the record's malla (prerequisites, semesters): moving the
        // record to another malla would leave them pointing at subjects it may not have.
        if (existing.mallaId !== values.mallaId && (await repo.hasEnrolments(tx, id))) {
          throw refused('mallaId', MSG.studentMallaLocked);
        }
        await repo.updateAlumno(tx, id, values);
        return id;
      }
      const user = await repo.findUserForAlumno(tx, values.usuarioId);
      if (!user) throw refused('usuarioId', MSG.studentUserRequired);
      if (!user.esAlumno) throw refused('usuarioId', MSG.studentUserNotAlumno);
      return repo.insertAlumno(tx, values);
    });
  } catch (err) {
    throw translate(err);
  }
  return getAlumno(db, actor, savedId);
}

/** Refused while the student has enrolments: they, and the grades hanging from them, are the history. */
export async function deleteAlumno(db: DbOrTx, actor: AuthUser, id: number): Promise<void> {
  try {
    await writeTx(db, actor.id, async (tx) => {
      const existing = await repo.findAlumnoForUpdate(tx, id);
      if (!existing) throw notFound();
      if (await repo.hasEnrolments(tx, id)) throw AppError.badRequest(MSG.studentHasEnrolments);
      await repo.deleteAlumno(tx, id);
    });
  } catch (err) {
    // Exam enrolments and whatever else refers to the record: the same answer.
    if (findPgError(err)?.code === PG.foreignKeyViolation) throw AppError.badRequest(MSG.studentHasEnrolments);
    throw err;
  }
}

export async function mallas(db: DbOrTx) {
  return { mallas: await mallaOptions(db, 'alumno') };
}

export async function selectValues(db: DbOrTx, query: z.output<typeof zAlumnoSelectQuery>) {
  return { alumnos: await repo.alumnoOptions(db, query.search, ALUMNO_OPTIONS_LIMIT, query.usuarioId) };
}
