import type { FastifyBaseLogger } from 'fastify';
import { CUPO_MSG } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { Poll, type Background } from '../../lib/background.js';
import type { Mailer } from '../../lib/mail.js';
import { dateTimeFormat } from '../../lib/date-format.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './waitlist.repository.js';

const POLL_MS = 60_000;
const HOUR = 3_600_000;

/**
 * The waiting lists' job, inside the API process (no new server): offers past their deadline leave the list,
 * then each section with free seats offers them to the first waiting students, with a deadline from
 * `configuracion` (listaEsperaOfertaHoras) and a mail through the outbox. Safe with several processes: every
 * row it changes is taken with FOR UPDATE SKIP LOCKED, so two runs never offer the same seat. It polls, and
 * runs soon after a seat frees in this process (`kick`). The clock is injected, so tests move time.
 */
export class OfferJob {
  private readonly poll = new Poll(POLL_MS, () => this.kick());

  constructor(
    private readonly opts: {
      db: Db;
      mailer: Mailer;
      log: FastifyBaseLogger;
      background: Background;
      clock?: () => Date;
    },
  ) {}

  start(): void {
    this.poll.start();
  }

  stop(): void {
    this.poll.stop();
  }

  /** A seat may have freed (an un-enrolment, a raised cap, a new schedule): run soon, after the reply. */
  kick(): void {
    this.opts.background.run('waitlist-offers', () => this.runOnce());
  }

  /** One pass: lapses, then offers. Answers how many of each. */
  async runOnce(now: Date = (this.opts.clock ?? (() => new Date()))()) {
    const { db, mailer } = this.opts;
    const lapsed = await writeTx(db, null, (tx) => repo.lapseOffers(tx, now));
    const hours = (await getSettings(db)).listaEsperaOfertaHoras;
    const vence = new Date(now.getTime() + hours * HOUR);
    const offered = await writeTx(db, null, async (tx) => {
      let n = 0;
      for (const section of await repo.sectionsWithFreeCupos(tx, now)) {
        const alumnos = await repo.makeOffers(tx, section.id, section.libres, vence);
        await mailer.queueMany(
          tx,
          alumnos.map((s) => ({
            to: s.email,
            subject: CUPO_MSG.offerMailSubject(s.materia),
            text: CUPO_MSG.offerMailBody({ nombre: s.nombre, materia: s.materia, vence: dateTimeFormat.format(vence) }),
          })),
        );
        n += alumnos.length;
      }
      return n;
    });
    if (offered > 0) mailer.deliverSoon();
    if (lapsed + offered > 0) this.opts.log.info({ lapsed, offered }, 'waiting lists: offers');
    return { lapsed, offered };
  }
}
