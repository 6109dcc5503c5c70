import { mailsAsShown } from '../modules/outbox/mail-secrets.js';
import type { listOutbox } from '../modules/outbox/outbox.repository.js';

/**
 * The outbox as text for `npm run outbox`: what went out or waits, and why a mail failed. Its temporary
 * passwords are masked, as on 'Correos' (issue 40): a terminal is a screen too.
 */
export function formatOutbox(mails: Awaited<ReturnType<typeof listOutbox>>): string {
  if (mails.length === 0) return 'La bandeja de salida está vacía.';
  return mailsAsShown(mails)
    .map((m) =>
      [
        `#${m.id}  ${m.fecha}  [${m.estado}]`,
        `Para: ${m.destinatario}`,
        `Asunto: ${m.asunto}`,
        ...(m.error ? [`Error: ${m.error}`] : []),
        '',
        m.cuerpo.trimEnd(),
      ].join('\n'),
    )
    .join('\n\n' + '-'.repeat(60) + '\n\n');
}
