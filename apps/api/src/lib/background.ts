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

/** Settles when a reply has been written out (or its connection closed first). */
export function replySent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    if (reply.raw.writableFinished) return resolve();
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}
