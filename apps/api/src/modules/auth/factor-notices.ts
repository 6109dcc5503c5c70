import type { UnauditedWriter } from '../../db/tx.js';
import { dateTimeFormat } from '../../lib/date-format.js';
import type { Mail, Mailer } from '../../lib/mail.js';
import { recordSecurityEvent, type EventClient } from '../security-events/security-events.service.js';
import type { AuthDeps } from './auth.service.js';

type Recipient = { id: number; nombre: string; email: string };

const CLOSING = 'Si no fue usted, cambie su contraseña de inmediato y avise a la secretaría de la facultad.\n';

/**
 * The mail to someone one of whose recovery codes was just used (issue 41): when and from where, never the
 * code. `left`: how many remain, or null when the code removed the factor itself.
 */
export function recoveryCodeMail(appName: string, user: Recipient, ip: string, left: number | null): Mail {
  return {
    to: user.email,
    subject: `${appName}: se usó un código de recuperación`,
    text:
      `Hola ${user.nombre}:\n\nSe usó uno de sus códigos de recuperación del segundo factor de ${appName} ` +
      `el ${dateTimeFormat.format(new Date())}, desde la dirección ${ip}.\n` +
      (left === null
        ? 'Con él se desactivó su segundo factor.\n\n'
        : `Le quedan ${left} códigos sin usar; puede generar nuevos en Seguridad.\n\n`) +
      CLOSING,
  };
}

/** The mail to someone whose factor staff (or the command line, `by` null) reset: who, when and why. */
export function factorResetMail(appName: string, user: Recipient, by: string | null, motivo: string): Mail {
  return {
    to: user.email,
    subject: `${appName}: se restableció su segundo factor`,
    text:
      `Hola ${user.nombre}:\n\n${by ?? 'La administración del sistema'} restableció el segundo factor de su ` +
      `cuenta de ${appName} el ${dateTimeFormat.format(new Date())}. Motivo: ${motivo}\n` +
      'Sus sesiones abiertas se cerraron y al ingresar ya no se le pedirá el código de su aplicación: ' +
      'puede activarlo de nuevo en Seguridad.\n\n' +
      'Si no lo solicitó, avise de inmediato a la secretaría de la facultad.\n',
  };
}

/**
 * A recovery code was taken: recorded in `eventos_seguridad` and its owner told by mail, through `db` (the
 * transaction of what it was used for, when there is one). The caller calls `mailer.deliverSoon()` after
 * the commit.
 */
export async function recordRecoveryCodeUse(
  deps: { mailer: Mailer; appName: string },
  db: UnauditedWriter,
  user: Recipient,
  client: EventClient,
  left: number | null,
): Promise<void> {
  await recordSecurityEvent(db, {
    tipo: 'codigo_recuperacion_usado',
    usuarioId: user.id,
    factor: 'recuperacion',
    client,
  });
  await deps.mailer.queue(db, recoveryCodeMail(deps.appName, user, client.ip, left));
}

/** What the notices need of the auth dependencies. */
export const mailDeps = (deps: AuthDeps) => ({ mailer: deps.mailer, appName: deps.publicSettings.appName });
