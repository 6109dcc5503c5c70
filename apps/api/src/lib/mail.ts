import type { FastifyBaseLogger } from 'fastify';
import type { UnauditedWriter } from '../db/tx.js';
import { insertMail, insertMails } from '../modules/outbox/outbox.repository.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail goes through the outbox (decision record 006): `queue` only inserts a row, inside the caller's
 * transaction, so a rolled-back write sends nothing and no SMTP server is waited on with a transaction open.
 * After the commit the caller calls `deliverSoon`, and the outbox sender delivers. Without `SMTP_URL` the
 * row is kept ('retenido') for an administrator to read (`npm run outbox`). Mail bodies may carry a
 * temporary password: they are never logged.
 */
export interface Mailer {
  /**
   * Whether a queued mail reaches its recipient's mailbox (`SMTP_URL`). Without it a temporary password that
   * staff set is handed to them once, in the reply (issue 40); one its owner asked for goes nowhere.
   */
  readonly delivers: boolean;
  queue(db: UnauditedWriter, mail: Mail): Promise<void>;
  /** Many mails in one statement (an import's welcome mails). */
  queueMany(db: UnauditedWriter, mails: Mail[]): Promise<void>;
  deliverSoon(): void;
}

export function createMailer(opts: { canSend: boolean; log: FastifyBaseLogger; kick: () => void }): Mailer {
  return {
    delivers: opts.canSend,
    async queue(db, mail) {
      const mailId = await insertMail(db, { ...mail, estado: opts.canSend ? 'pendiente' : 'retenido' });
      opts.log.info({ mailId }, opts.canSend ? 'mail queued' : 'mail queued (no SMTP_URL: kept in the outbox)');
    },
    async queueMany(db, mails) {
      if (!mails.length) return;
      await insertMails(db, mails, opts.canSend ? 'pendiente' : 'retenido');
      opts.log.info(
        { mails: mails.length },
        opts.canSend ? 'mails queued' : 'mails queued (no SMTP_URL: kept in the outbox)',
      );
    },
    deliverSoon: opts.kick,
  };
}

/** A mail body with its temporary password masked: what is kept once the mail has gone, or shown on screen. */
export function redactSecrets(text: string): string {
  return text.replace(/(Contraseña temporal: )\S+/g, '$1********');
}
