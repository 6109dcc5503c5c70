import {
  asuncionInstant,
  asuncionIso,
  can,
  classDates,
  EXAMEN_DURACION_MINUTOS,
  MSG_SCHEDULE,
  Role,
  type HorarioOcurrencia,
  type HorarioRango,
  type HorarioTitular,
} from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { requirePerfilAlumno } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './schedule.repository.js';

/** Staff read anyone's week and a room's (DOMAIN.md section 2: students, subject-periods and their schedules). */
const STAFF = 'structure:manage';

/** A weekly class row with its period's days without classes. */
export type Clase = repo.ClaseRow & { diasSinClases: string[] };

/** What the week, the printout and the feed are computed from. */
export interface Fuentes {
  clases: Clase[];
  examenes: repo.ExamenRow[];
}

/**
 * The class rows and exams of `t` whose days touch `desde`..`hasta`, each class with its period's holidays: one
 * statement (schedule.repository.ts `fuentesRows`).
 */
export function fuentes(db: DbOrTx, t: repo.Titular, desde: string, hasta: string): Promise<Fuentes> {
  return repo.fuentesRows(db, t, desde, hasta, false);
}

/** `fuentes` for the feed: each class and exam also with its UID's stored digest and SEQUENCE, same statement. */
export function fuentesDelCalendario(db: DbOrTx, t: repo.Titular, desde: string, hasta: string) {
  return repo.fuentesRows(db, t, desde, hasta, true);
}

/** The end of an exam: exams keep only their start, so each is shown as a sitting of fixed length. */
export const finExamen = (fechaMs: number) => new Date(fechaMs + EXAMEN_DURACION_MINUTOS * 60_000);

/** The dated classes and exams of `desde`..`hasta`, by start. */
export function ocurrencias({ clases, examenes }: Fuentes, desde: string, hasta: string): HorarioOcurrencia[] {
  const out: (HorarioOcurrencia & { orden: number })[] = [];
  for (const c of clases) {
    for (const fecha of classDates(c, desde, hasta)) {
      const inicio = asuncionInstant(fecha, c.horaInicio);
      out.push({
        tipo: 'clase',
        inicio: asuncionIso(inicio),
        fin: asuncionIso(asuncionInstant(fecha, c.horaFin)),
        materia: c.materia,
        seccion: c.seccion,
        aula: c.aula,
        profesor: c.profesor,
        materiaPeriodoId: c.materiaPeriodoId,
        orden: inicio.getTime(),
      });
    }
  }
  for (const e of examenes) {
    out.push({
      tipo: 'examen',
      inicio: asuncionIso(new Date(e.fechaMs)),
      fin: asuncionIso(finExamen(e.fechaMs)),
      materia: e.materia,
      seccion: e.seccion,
      aula: e.aula,
      profesor: e.profesor,
      examenId: e.examenId,
      orden: e.fechaMs,
    });
  }
  return out.sort((a, b) => a.orden - b.orden).map(({ orden: _, ...o }) => o);
}

/** Whose week "mine" is: one's classes and exams as a student and as a professor (a user may be both). */
export async function titularOf(db: DbOrTx, user: Pick<AuthUser, 'id' | 'roles'>): Promise<repo.Titular> {
  const perfilAlumnoId = user.roles.includes(Role.Alumno) ? await repo.perfilAlumnoOfUsuario(db, user.id) : undefined;
  return { perfilAlumnoId, profesorId: user.roles.includes(Role.Profesor) ? user.id : undefined };
}

/** GET /api/horario/mio. */
export async function mio(db: DbOrTx, user: AuthUser, r: HorarioRango): Promise<HorarioOcurrencia[]> {
  return ocurrencias(await fuentes(db, await titularOf(db, user), r.desde, r.hasta), r.desde, r.hasta);
}

/**
 * GET /api/horario/{alumno|profesor|aula}/{id}: staff read anyone's and any room's; a student their own, a
 * professor their own; anything else is the 404 of a missing one, so ids cannot be probed.
 */
export async function of(
  db: DbOrTx,
  user: AuthUser,
  titular: HorarioTitular,
  id: number,
  r: HorarioRango,
): Promise<HorarioOcurrencia[]> {
  const staff = can(user, STAFF);
  let t: repo.Titular;
  if (titular === 'alumno') {
    await requirePerfilAlumno(db, user, id, {
      any: STAFF,
      notFound: MSG_SCHEDULE.alumnoNotFound,
      load: async (d, perfilId) => {
        const usuarioId = await repo.usuarioOfPerfilAlumno(d, perfilId);
        return usuarioId === undefined ? undefined : { usuarioId };
      },
    });
    t = { perfilAlumnoId: id };
  } else if (titular === 'profesor') {
    if (!(staff || id === user.id) || !(await repo.isProfesor(db, id))) {
      throw AppError.notFound(MSG_SCHEDULE.profesorNotFound);
    }
    t = { profesorId: id };
  } else {
    if (!staff || !(await repo.aulaExists(db, id))) throw AppError.notFound(MSG_SCHEDULE.aulaNotFound);
    t = { aulaId: id };
  }
  return ocurrencias(await fuentes(db, t, r.desde, r.hasta), r.desde, r.hasta);
}
