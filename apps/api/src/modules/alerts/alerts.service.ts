import {
  CAUSA_ALERTA_LABEL,
  earlyWarnings,
  type AlertasRun,
  type CausaAlerta,
  type EstadoAlertas,
  type Settings,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { toPage } from '../../lib/search.js';
import type { Mailer } from '../../lib/mail.js';
import { requireMateriaPeriodo } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { fechaAsuncion, queueNotices } from '../notices/notices.service.js';
import { plannedSessionsFrom } from '../planning/planning.service.js';
import { getSettings } from '../settings/settings.service.js';
import { marksOf, sessionsOf } from '../teaching/attendance.service.js';
import * as repo from './alerts.repository.js';

type MateriaPeriodo = Awaited<ReturnType<typeof repo.preliminaryMateriasPeriodo>>[number];

/**
 * The warnings a preliminary subject-period's students give today (issue 30): their marks in session order,
 * the planned sessions (the attendance tab's projection) and the homework scored so far, judged by the shared rule.
 */
export async function findWarnings(db: DbOrTx, mp: MateriaPeriodo, settings: Settings) {
  const [alumnos, sessions, planned, homework] = await Promise.all([
    repo.alumnosOf(db, mp.id),
    sessionsOf(db, mp.id),
    plannedSessionsFrom(db, mp.id),
    repo.homeworkOf(db, mp.id),
  ]);
  const marks = await marksOf(
    db,
    mp.id,
    alumnos.map((s) => s.inscripcionId),
  );
  const mark = new Map(marks.map((m) => [`${m.assistanceId}:${m.studentId}`, m.present]));
  return alumnos.flatMap((s) =>
    earlyWarnings({
      marcas: sessions.map((session) => ({
        fecha: session.date,
        presente: mark.get(`${session.id}:${s.inscripcionId}`) ?? null,
      })),
      sesionesPlanificadas: planned.length,
      asistenciaManual: mp.asistenciaManual ? s.porcentajeAsistencia : null,
      tareasPlanificadas: homework.tareas,
      calificadas: homework.scores.filter((h) => h.inscripcionId === s.inscripcionId),
      usaPesos: mp.usaPesos,
      minAsistenciaExamen: settings.minAsistenciaExamen,
      minPPFinal: settings.minPPFinal,
    }).map((a) => ({ ...a, perfilAlumnoId: s.perfilAlumnoId, materiaPeriodoId: mp.id })),
  );
}

/**
 * One pass over every preliminary subject-period: stores the warnings not stored yet and mails each new one
 * to its student (one mail per student, cause and subject, as the unique constraint keeps one row). One
 * transaction per subject-period, so a faculty-sized run holds no lock for long. The warnings it stores name
 * `ejecucionId`, the run recorded for the administrators' screen (issue 44).
 */
export async function runWarnings(
  db: Db,
  mailer: Mailer,
  opts: { now: Date; userId: number | null; ejecucionId?: number | null },
): Promise<AlertasRun> {
  const settings = await getSettings(db);
  const result: AlertasRun = { materias: 0, encontradas: 0, alertas: 0, correos: 0 };
  for (const mp of await repo.preliminaryMateriasPeriodo(db)) {
    result.materias++;
    const found = await findWarnings(db, mp, settings);
    result.encontradas += found.length;
    if (found.length === 0) continue;
    await writeTx(db, opts.userId, async (tx) => {
      const stored = await repo.insertNew(
        tx,
        found.map((a) => ({ ...a, fecha: opts.now.toISOString(), ejecucionId: opts.ejecucionId ?? null })),
      );
      result.alertas += stored.length;
      result.correos += await queueNotices(
        tx,
        mailer,
        stored.map((a) => ({
          perfilAlumnoId: a.perfilAlumnoId,
          subject: `Aviso de Arandu: ${CAUSA_ALERTA_LABEL[a.causa]} en ${mp.materia}`,
          text: `El ${fechaAsuncion(opts.now)} Arandu encontró en ${mp.materia}: ${a.detalle}`,
        })),
      );
    });
  }
  if (result.correos > 0) mailer.deliverSoon();
  return result;
}

/** The subject-period's warnings: its professors and staff; anyone else the 404 of a missing subject. */
export async function listOfMateriaPeriodo(db: Db, user: AuthUser, id: number) {
  await requireMateriaPeriodo(db, user, id, 'read');
  return repo.listOfMateriaPeriodo(db, id);
}

export function listOwn(db: Db, user: AuthUser) {
  return repo.listOfAlumno(db, user.id);
}

/**
 * The administrators' 'Alertas tempranas' screen (issue 44): whether a run holds the job now, the last run that
 * finished, and a page of the students it flagged (the warnings it stored), filtered by cause.
 */
export async function lastRun(
  db: Db,
  now: Date,
  q: { page: number; pageSize: number; causa?: CausaAlerta | undefined },
): Promise<EstadoAlertas> {
  const [enCurso, ultima] = await Promise.all([repo.jobHeld(db, now), repo.lastFinishedRun(db)]);
  const alumnos = ultima ? toPage(await repo.pageOfRun(db, ultima.id, q)) : { items: [], totalItemsCount: 0 };
  return { enCurso, ultima, alumnos };
}
