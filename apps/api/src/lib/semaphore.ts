/**
 * Lets at most `limit` tasks run at once and at most `maxQueued` wait; beyond that `run` refuses at once
 * (a stampede gets a quick 429 instead of an ever-growing queue of memory-hungry work).
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxQueued: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, onFull: () => Error): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxQueued) throw onFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      if (next) next();
      else this.running--;
    }
  }
}
