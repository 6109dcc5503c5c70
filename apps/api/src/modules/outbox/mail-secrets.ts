import { redactSecrets } from '../../lib/mail.js';

/**
 * What a mail of the outbox shows on screen, for 'Correos' (GET /api/outbox) and a user's mails
 * (GET /api/users/:id/mails) alike: its secrets masked, for everyone, always (DOMAIN.md section 8, issue 40).
 * A password its owner asked for reaches only the owner's mailbox; one that staff set is handed to them once,
 * in the reply of the call that set it (`handOverTemporaryPassword`), never here. An earlier rule showed an
 * administrator a still-unused one, and so handed any Admin the root's password asked for by '¿Olvidaste tu
 * Contraseña?'.
 */
export function mailsAsShown<M extends { cuerpo: string }>(mails: M[]): M[] {
  return mails.map((m) => ({ ...m, cuerpo: redactSecrets(m.cuerpo) }));
}
