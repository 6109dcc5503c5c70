import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The thread's whole program: it runs one of @node-rs/argon2's synchronous functions per message and answers
 * with its value or its error. Plain CommonJS passed as text (`eval`), so the same code runs under tsx, vitest
 * and the compiled server without a separate file to build; the module's path comes in `workerData`.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ fn, args }) => {
  try {
    parentPort.postMessage({ value: argon2[fn](...args) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
`;

const ARGON2_PATH = createRequire(import.meta.url).resolve('@node-rs/argon2');

type Argon2Fn = 'hashSync' | 'verifySync';

/**
 * Calls a thread is given at once: the one it computes and the next, waiting in its own queue so that it starts
 * the moment the one before ends, not after a round trip through the main thread (busy with requests in a
 * login storm) to hand it over.
 */
export const CALLS_PER_THREAD = 2;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** One thread of its own, computing the calls posted to it one after another, in their order. */
class HashThread {
  private readonly worker = new Worker(PROGRAM, { eval: true, workerData: { argon2: ARGON2_PATH } });
  private readonly pending: Pending[] = [];
  private ending = false;
  /** Set once the thread has died (an error, or it exited): its calls are refused and its owner drops it. */
  private dead = false;

  constructor(onLost: (thread: HashThread) => void) {
    // Idle, it does not keep the process alive (a CLI ends when its work does); busy, it does.
    this.worker.unref();
    this.worker.on('message', (reply: { value?: unknown; error?: string }) => {
      const pending = this.pending.shift();
      if (this.pending.length === 0) this.idle();
      if (reply.error === undefined) pending?.resolve(reply.value);
      else pending?.reject(new Error(reply.error));
    });
    const lost = (err: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const pending of this.pending.splice(0)) pending.reject(err);
      onLost(this);
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`argon2 thread exited with code ${code}`)));
  }

  /** Calls posted and not yet answered. */
  get load(): number {
    return this.pending.length;
  }

  call(fn: Argon2Fn, args: unknown[]): Promise<unknown> {
    if (this.pending.length === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage({ fn, args });
    });
  }

  /** Ends the thread once it has answered the calls it has. */
  end(): void {
    this.ending = true;
    if (this.pending.length === 0) this.idle();
  }

  private idle(): void {
    this.worker.unref();
    if (!this.ending) return;
    this.worker.removeAllListeners('exit');
    void this.worker.terminate();
  }
}

/**
 * Threads that compute argon2 hashes, `size` at once, each on the same thread of its own, started when first
 * needed. Not on libuv's pool: there a hash went to whichever of its four threads woke, and in a login storm
 * ran 0.1-1.0 ms of CPU slower than alone against 0.0-0.6 here (8 alternating runs, bench/README.md); and file
 * reads waited behind the hashes.
 */
export class HashThreads {
  private readonly threads: HashThread[] = [];

  constructor(readonly size: number) {}

  /** Calls it takes at once: the caller (a semaphore) keeps within it. */
  get capacity(): number {
    return this.size * CALLS_PER_THREAD;
  }

  /** Runs `fn` on an idle thread, a new one while fewer than `size` run, or else the least busy one. */
  run(fn: Argon2Fn, args: unknown[]): Promise<unknown> {
    let thread = this.threads.reduce<HashThread | undefined>((a, b) => (a && a.load <= b.load ? a : b), undefined);
    if ((!thread || thread.load > 0) && this.threads.length < this.size) thread = this.start();
    if (!thread || thread.load >= CALLS_PER_THREAD) {
      return Promise.reject(new Error(`more than ${this.capacity} argon2 calls at once`));
    }
    return thread.call(fn, args);
  }

  /** Ends the idle threads now and the busy ones once they have answered. */
  close(): void {
    for (const thread of this.threads.splice(0)) thread.end();
  }

  private start(): HashThread {
    const thread = new HashThread((lost) => {
      // A thread that died is replaced by a new one on a later call.
      const i = this.threads.indexOf(lost);
      if (i >= 0) this.threads.splice(i, 1);
    });
    this.threads.push(thread);
    return thread;
  }
}

/**
 * Password hashes a process computes at once unless `MAX_CONCURRENT_HASHES` says otherwise: one a core. More
 * than the cores only makes them take turns, each evicting the others' 19 MiB from the caches (on 2 cores a
 * verification cost 7.3 ms of CPU 4 at a time, 6.0 ms 2 at a time: bench/README.md); fewer leaves a core idle
 * in a login storm. With several processes on one machine, set it to the cores over the processes (README,
 * "En un servidor").
 */
export function defaultHashConcurrency(): number {
  return availableParallelism();
}
