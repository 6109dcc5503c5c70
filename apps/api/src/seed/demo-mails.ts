import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { correosSalientes, restablecimientosPendientes } from '../db/schema/index.js';
import { rows } from '../db/sql.js';
import type { Mail } from '../lib/mail.js';
import { hashTemporaryPasswords, temporaryPassword } from '../modules/auth/password.js';
import { PENDING_RESET_HOURS, pendingResetMail, staffResetMail } from '../modules/auth/password-reset.js';
import { welcomeMail } from '../modules/users/users.service.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
import type { Random } from './random.js';

/** How the demo's mails name the app and link to it: the server's own settings (server.ts). */
export interface DemoMailSettings {
  appName: string;
  appUrl: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The outbox of a demo without SMTP (issue 34 item 24), so 'Correos' has what a real faculty's would: the
 * welcome mail of each demo account (their temporary password was the demo's; only nuevo@demo, who has not
 * signed in yet, still has it as an unused temporary password; every screen shows them masked: `mailsAsShown`),
 * two generated professors' welcomes, a reset by staff that the professor has since
 * replaced, and a student's '¿Olvidaste tu Contraseña?' still pending for a day. All kept ('retenido'), as
 * mail is without `SMTP_URL`, dated over the last weeks. The demo has no waiting-list offer (its only list is
 * on a full section), so no offer mail.
 */
export async function insertDemoMails(
  tx: Tx,
  random: Random,
  settings: DemoMailSettings,
  v: { professorIds: number[]; studentIds: number[]; now: Date },
): Promise<void> {
  const { appName, appUrl } = settings;
  const people = await rows<{ id: number; nombre: string; email: string }>(
    tx,
    sql`select id, nombre, email from usuarios
         where email in ${DEMO_ACCOUNTS.map((a) => a.email)}
            or id in ${[...v.professorIds.slice(0, 3), v.studentIds[0]!]}`,
  );
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const [profesorA, profesorB, profesorC] = v.professorIds.map((id) => byId.get(id)!);
  const alumno = byId.get(v.studentIds[0]!)!;
  const temporary = () => temporaryPassword((n) => random.int(0, n - 1));
  const ago = (ms: number) => new Date(v.now.getTime() - ms).toISOString();

  const dated: { mail: Mail; fecha: string }[] = [
    ...DEMO_ACCOUNTS.map((a, i) => ({
      mail: welcomeMail(appName, byEmail.get(a.email)!, DEMO_PASSWORD, appUrl),
      fecha: ago(30 * DAY - i * HOUR),
    })),
    { mail: welcomeMail(appName, profesorA!, temporary(), appUrl), fecha: ago(21 * DAY) },
    { mail: welcomeMail(appName, profesorB!, temporary(), appUrl), fecha: ago(20 * DAY) },
    { mail: staffResetMail(appName, profesorC!, temporary()), fecha: ago(6 * DAY) },
  ];
  const pending = temporary();
  dated.push({ mail: pendingResetMail(appName, alumno, pending), fecha: ago(2 * HOUR) });

  await tx.insert(correosSalientes).values(
    dated.map(({ mail, fecha }) => ({
      destinatario: mail.to,
      asunto: mail.subject,
      cuerpo: mail.text,
      estado: 'retenido' as const,
      fecha,
      proximoIntento: fecha,
    })),
  );
  const [hash] = await hashTemporaryPasswords([pending]);
  await tx.insert(restablecimientosPendientes).values({
    usuarioId: alumno.id,
    passwordHash: hash!,
    creado: ago(2 * HOUR),
    expira: new Date(v.now.getTime() - 2 * HOUR + PENDING_RESET_HOURS * HOUR).toISOString(),
  });
}
