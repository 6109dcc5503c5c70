import { mailsAsShown } from '../modules/outbox/mail-secrets.js';
import type { listOutbox } from '../modules/outbox/outbox.repository.js';

/**
 * The outbox as text for `npm run outbox`: what went out or waits, and why a mail failed. Its temporary
 * passwords are masked, as on 'Correos' (issue 40): a terminal is a screen too.
 */
export function formatOutbox(mails: Awaited<ReturnType<typeof listOutbox>>, total = mails.length): string {
  if (mails.length === 0) return 'La bandeja de salida está vacía.';
  // It used to stop at --limit (20) without a word (issue 44): it says how many are left out and how to see them.
  const left = total - mails.length;
  const n = (value: number) => value.toLocaleString('es-PY');
  const footer =
    left > 0
      ? [
          `\nSe muestran los ${n(mails.length)} correos más recientes de ${n(total)}: faltan ${n(left)}. Use -- --limit ${Math.min(total, 500)} para ver más (hasta 500 por vez) o -- --email para los de una persona.`,
        ]
      : [];
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
    .join('\n\n' + '-'.repeat(60) + '\n\n')
    .concat(...footer);
}
