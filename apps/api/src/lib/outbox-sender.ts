import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rows } from '../db/sql.js';
import type { Background } from './background.js';
import { redactSecrets, type Mail } from './mail.js';

/** What the sender needs of an SMTP client (nodemailer's transport has it; tests may pass their own). */
export interface MailTransport {
  sendMail(message: Mail & { from: string }): Promise<unknown>;
}

/** Tries before a mail is given up as 'fallido', and the wait before the n-th retry (1, 2, 4 … 60 minutes). */
export const MAX_ATTEMPTS = 8;
export const retryDelaySeconds = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 3600);
/** A mail still 'enviando' this long after its claim was being sent by a process that died. */
const STUCK_MINUTES = 10;
const BATCH = 20;
const POLL_MS = 30_000;

type Claimed = {
  id: number;
  destinatario: string;
  asunto: string;
  cuerpo: string;
  intentos: number;
};

/**
 * Delivers the outbox (decision record 006), in the API process, after the writes that queued the mail
 * have committed. Safe with several processes: a mail is claimed (`pendiente` -> `enviando`, committed)
 * with `FOR UPDATE SKIP LOCKED` before it is sent, so two senders never take the same row. A failure goes
 * back to `pendiente` with the error and a later `proximo_intento`; after `MAX_ATTEMPTS`, `fallido`. A
 * mail left `enviando` by a process that died mid-send is marked `fallido`, not retried: it may have gone,
 * and a mail is never sent twice.
 */
export class OutboxSender {
  private queued: Promise<number> | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly opts: {
      db: Db;
      transport: MailTransport | undefined;
      from: string;
      log: FastifyBaseLogger;
      background: Background;
    },
  ) {}

  /** Polls for retries and for mail queued by other processes. */
  start(): void {
    if (!this.opts.transport || this.timer) return;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Delivers what is due soon, in the background (after a commit that queued mail). */
  kick(): void {
    if (!this.opts.transport) return;
    this.opts.background.run('outbox', () => this.deliverDue());
  }

  /**
   * Delivers every mail due now; answers how many went. Calls made while a delivery runs wait for one
   * more pass, so mail queued meanwhile is not left for the next poll.
   */
  deliverDue(): Promise<number> {
    if (this.queued) return this.queued;
    const run = this.chain.then(() => {
      this.queued = undefined;
      return this.deliverAll();
    });
    this.queued = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async deliverAll(): Promise<number> {
    const transport = this.opts.transport;
    if (!transport) return 0;
    await this.giveUpStuck();
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      for (const mail of batch) {
        if (await this.deliver(transport, mail)) sent++;
      }
      if (batch.length < BATCH) return sent;
    }
  }

  private claim(): Promise<Claimed[]> {
    return rows<Claimed>(
      this.opts.db,
      sql`update correos_salientes c
          set estado = 'enviando', intentos = c.intentos + 1, proximo_intento = now()
          where c.estado = 'pendiente' and c.id in (
            select id from correos_salientes
            where estado = 'pendiente' and proximo_intento <= now()
            order by proximo_intento, id
            limit ${BATCH}
            for update skip locked)
          returning c.id, c.destinatario, c.asunto, c.cuerpo, c.intentos`,
    );
  }

  private async deliver(transport: MailTransport, mail: Claimed): Promise<boolean> {
    const { db, from, log } = this.opts;
    try {
      await transport.sendMail({ from, to: mail.destinatario, subject: mail.asunto, text: mail.cuerpo });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const giveUp = mail.intentos >= MAX_ATTEMPTS;
      await db.execute(sql`update correos_salientes
        set estado = ${giveUp ? 'fallido' : 'pendiente'}, error = ${error},
            proximo_intento = now() + make_interval(secs => ${retryDelaySeconds(mail.intentos)})
        where id = ${mail.id}`);
      log.warn({ mailId: mail.id, attempt: mail.intentos, giveUp, error }, 'mail delivery failed');
      return false;
    }
    // Once sent, the temporary password has no business staying in the database.
    await db.execute(sql`update correos_salientes
      set estado = 'enviado', enviado_en = now(), error = null, cuerpo = ${redactSecrets(mail.cuerpo)}
      where id = ${mail.id}`);
    log.info({ mailId: mail.id }, 'mail sent');
    return true;
  }

  private async giveUpStuck(): Promise<void> {
    await this.opts.db.execute(sql`update correos_salientes
      set estado = 'fallido', error = 'El envío se interrumpió (el proceso terminó); puede haber llegado, no se reintenta'
      where estado = 'enviando' and proximo_intento < now() - make_interval(mins => ${STUCK_MINUTES})`);
  }
}
