import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work that must not hold up a reply (a reset's hashing and mail, the outbox's delivery). A task starts
 * once `after` settles (a reply's end, see `replySent`) and the event loop has turned, so even on PGlite,
 * whose queries run on the main thread, it does not delay the reply. A failure is logged, never thrown at
 * a caller. `drain()` waits for every task, including ones started meanwhile: tests and shutdown use it.
 */
export class Background {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(task: string, work: () => Promise<unknown>, after: Promise<unknown> = Promise.resolve()): void {
    const done: Promise<void> = after
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err, task }, 'background task failed'),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Tasks started and not yet finished. */
  get pending(): number {
    return this.running.size;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/**
 * A job's clock inside the API process: `tick` every `ms` from `start()` to `stop()`, a second `start()` doing
 * nothing. The timer does not keep the process alive on its own.
 */
export class Poll {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ms: number,
    private readonly tick: () => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(this.tick, this.ms);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Settles when a reply has been written out (or its connection closed first). */
export function replySent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    if (reply.raw.writableFinished) return resolve();
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}
