import { dateInAsuncion } from '@arandu/shared';
import type { UnauditedWriter } from '../../db/tx.js';
import type { Mailer } from '../../lib/mail.js';
import * as repo from './notices.repository.js';

/**
 * The students' notice channel (issue 30): early warnings, a subject's grades published, an exam enrolment
 * confirmed or refused. Mails go through the outbox, inside the caller's transaction, and only to students who
 * keep 'Recibir avisos por correo' on. The caller calls `mailer.deliverSoon()` after its commit.
 */
export interface Notice {
  perfilAlumnoId: number;
  subject: string;
  /** The notice itself; the greeting and the way to turn notices off are added here. */
  text: string;
}

export async function queueNotices(db: UnauditedWriter, mailer: Mailer, notices: Notice[]): Promise<number> {
  const recipients = new Map(
    (await repo.mailRecipients(db, [...new Set(notices.map((n) => n.perfilAlumnoId))])).map((r) => [
      r.perfilAlumnoId,
      r,
    ]),
  );
  const mails = notices.flatMap((n) => {
    const to = recipients.get(n.perfilAlumnoId);
    if (!to) return [];
    return [
      {
        to: to.email,
        subject: n.subject,
        text:
          `Hola ${to.nombre}:\n\n${n.text}\n\n` +
          `Puede dejar de recibir estos avisos en 'Mi perfil', opción 'Recibir avisos por correo'.`,
      },
    ];
  });
  await mailer.queueMany(db, mails);
  return mails.length;
}

/** dd/MM/yyyy of an instant, in Asunción. */
export const fechaAsuncion = (at: Date) => dateInAsuncion(at).split('-').reverse().join('/');

/** 'Calificaciones publicadas' to every student of the subject-period (DOMAIN.md section 5: Preliminar -> Publicado). */
export async function noticeGradesPublished(db: UnauditedWriter, mailer: Mailer, materiaPeriodoId: number, at: Date) {
  const name = await repo.materiaPeriodoName(db, materiaPeriodoId);
  if (!name) return 0;
  const perfiles = await repo.perfilesOfMateriaPeriodo(db, materiaPeriodoId);
  return queueNotices(
    db,
    mailer,
    perfiles.map((perfilAlumnoId) => ({
      perfilAlumnoId,
      subject: `Calificaciones publicadas: ${name.materia}`,
      text:
        `El ${fechaAsuncion(at)} se publicaron las calificaciones de ${name.materia} (sección ${name.seccion}). ` +
        `Puede verlas en Arandu, en el detalle de la materia.`,
    })),
  );
}

/** An exam enrolment confirmed, or refused with its reason. */
export function examenEnrolmentNotice(
  perfilAlumnoId: number,
  examen: { materia: string; fecha: string },
  refused: string | null,
): Notice {
  const fecha = fechaAsuncion(new Date(examen.fecha));
  return refused === null
    ? {
        perfilAlumnoId,
        subject: `Inscripción a examen confirmada: ${examen.materia}`,
        text: `Su inscripción al examen de ${examen.materia} del ${fecha} quedó confirmada.`,
      }
    : {
        perfilAlumnoId,
        subject: `Inscripción a examen rechazada: ${examen.materia}`,
        text: `Su inscripción al examen de ${examen.materia} del ${fecha} fue rechazada: ${refused}`,
      };
}

export const readPreference = repo.readPreference;
export const writePreference = repo.writePreference;
