import type { FastifyBaseLogger } from 'fastify';
import { dateInAsuncion, type AlertasRun } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mail.js';
import { claimJob, finishRun, releaseJob, startRun } from './alerts.repository.js';
import { runWarnings } from './alerts.service.js';
import { unaudited, writeTx } from '../../db/tx.js';
import { Poll } from '../../lib/background.js';

/** How often each process asks whether today's run is still to do. */
const TICK_MS = 15 * 60_000;

/**
 * The early warnings' daily job (issue 30), in every API process. Like the outbox sender (decision 006), a run
 * is first claimed by a committed update of the job's row under `FOR UPDATE SKIP LOCKED`: the first process to
 * tick on a new day (in Asunción) takes it, the others find it done or taken and move on. An administrator's
 * 'run now' takes it at any time, unless a run is in progress. The warnings' unique constraint keeps a second run
 * (or one after a process died mid-run) from storing or mailing anything twice. Each run is recorded as it
 * starts and completed as it ends (`ejecuciones_alertas`, audited, issue 44), in the name of whoever ran it.
 */
export class AlertsJob {
  private readonly poll = new Poll(TICK_MS, () => {
    this.runDue().catch((err: unknown) => this.opts.log.warn({ err }, 'early warnings job failed'));
  });

  constructor(private readonly opts: { db: Db; mailer: Mailer; clock: Clock; log: FastifyBaseLogger }) {}

  start(): void {
    this.poll.start();
  }

  stop(): void {
    this.poll.stop();
  }

  /** Today's run if no process has done it yet; null when it was done or is being done elsewhere. */
  runDue(): Promise<AlertasRun | null> {
    return this.run({ due: true, userId: null });
  }

  /** A run now, for an administrator; null while another run holds the job. */
  runNow(userId: number): Promise<AlertasRun | null> {
    return this.run({ due: false, userId });
  }

  private async run(opts: { due: boolean; userId: number | null }): Promise<AlertasRun | null> {
    const { db, mailer, clock, log } = this.opts;
    const now = clock.now();
    if (!(await claimJob(db, { today: dateInAsuncion(now), due: opts.due, now }))) return null;
    try {
      const ejecucionId = await writeTx(db, opts.userId, (tx) =>
        startRun(tx, { origen: opts.userId === null ? 'programada' : 'manual', usuarioId: opts.userId, inicio: now }),
      );
      const result = await runWarnings(db, mailer, { now, userId: opts.userId, ejecucionId });
      await writeTx(db, opts.userId, (tx) => finishRun(tx, ejecucionId, clock.now(), result));
      log.info(result, 'early warnings job ran');
      return result;
    } finally {
      await releaseJob(unaudited(db));
    }
  }
}
