import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { correosSalientes } from '../db/schema/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: DbOrTx, mail: Mail): Promise<void>;
}

/**
 * Mail goes through SMTP when `SMTP_URL` is set. Without it, it is kept in the outbox table and written to
 * the log, so a demo needs no mail server (DOMAIN.md section 8).
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  let transport: Transporter | undefined;
  return {
    async send(db, mail) {
      if (!opts.smtpUrl) {
        await db.insert(correosSalientes).values({ destinatario: mail.to, asunto: mail.subject, cuerpo: mail.text });
        opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      transport ??= nodemailer.createTransport(opts.smtpUrl);
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
