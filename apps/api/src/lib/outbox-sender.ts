import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import * as outbox from '../modules/outbox/outbox.repository.js';
import { Poll, type Background } from './background.js';
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
  private readonly poll = new Poll(POLL_MS, () => this.kick());

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
    if (this.opts.transport) this.poll.start();
  }

  stop(): void {
    this.poll.stop();
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

  private claim() {
    return outbox.claimDue(this.opts.db, BATCH);
  }

  private async deliver(transport: MailTransport, mail: outbox.ClaimedMail): Promise<boolean> {
    const { db, from, log } = this.opts;
    try {
      await transport.sendMail({ from, to: mail.destinatario, subject: mail.asunto, text: mail.cuerpo });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const giveUp = mail.intentos >= MAX_ATTEMPTS;
      await outbox.markFailed(db, mail.id, { giveUp, error, retrySeconds: retryDelaySeconds(mail.intentos) });
      log.warn({ mailId: mail.id, attempt: mail.intentos, giveUp, error }, 'mail delivery failed');
      return false;
    }
    // Once sent, the temporary password has no business staying in the database.
    await outbox.markSent(db, mail.id, redactSecrets(mail.cuerpo));
    log.info({ mailId: mail.id }, 'mail sent');
    return true;
  }

  private giveUpStuck(): Promise<void> {
    return outbox.giveUpStuck(this.opts.db, STUCK_MINUTES);
  }
}
