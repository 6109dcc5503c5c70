import type { listOutbox } from '../modules/outbox/outbox.repository.js';

/**
 * The outbox as text for `npm run outbox`. Without SMTP (a demo) the kept mail is how a new or reset user gets
 * their temporary password: an administrator with access to the server reads it here. Mail already sent no
 * longer holds the password (the sender masks it).
 */
export function formatOutbox(mails: Awaited<ReturnType<typeof listOutbox>>): string {
  if (mails.length === 0) return 'La bandeja de salida está vacía.';
  return mails
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
