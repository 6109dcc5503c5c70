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

/** One thread of its own, one call at a time: the caller (a semaphore) never gives it a second before the first ends. */
class HashThread {
  private readonly worker = new Worker(PROGRAM, { eval: true, workerData: { argon2: ARGON2_PATH } });
  private pending: { resolve: (value: unknown) => void; reject: (err: Error) => void } | undefined;
  /** Set once the thread has died (an error, or it exited): it takes no more calls. */
  lost = false;

  constructor(onLost: (thread: HashThread) => void) {
    // Idle, it does not keep the process alive (a CLI ends when its work does); busy, it does.
    this.worker.unref();
    this.worker.on('message', (reply: { value?: unknown; error?: string }) => {
      const pending = this.settle();
      if (reply.error === undefined) pending?.resolve(reply.value);
      else pending?.reject(new Error(reply.error));
    });
    const lost = (err: Error) => {
      if (this.lost) return;
      this.lost = true;
      this.settle()?.reject(err);
      onLost(this);
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`argon2 thread exited with code ${code}`)));
  }

  call(fn: Argon2Fn, args: unknown[]): Promise<unknown> {
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ fn, args });
    });
  }

  terminate(): void {
    this.worker.removeAllListeners('exit');
    void this.worker.terminate();
  }

  private settle() {
    const pending = this.pending;
    this.pending = undefined;
    this.worker.unref();
    return pending;
  }
}

/**
 * Threads that compute argon2 hashes, each always on the same thread of its own, started when first needed.
 * Not on libuv's pool: there a hash went to whichever of its four threads woke, and in a login storm ran
 * 0.1-1.0 ms of CPU slower than alone against 0.0-0.6 here (8 alternating runs, bench/README.md); and file
 * reads waited behind the hashes.
 */
export class HashThreads {
  private readonly idle: HashThread[] = [];
  private started = 0;
  private closed = false;

  constructor(readonly size: number) {}

  /**
   * Runs `fn` on an idle thread. The caller keeps at most `size` calls running at once, so one is always idle
   * or can be started.
   */
  async run(fn: Argon2Fn, args: unknown[]): Promise<unknown> {
    const thread = this.idle.pop() ?? this.start();
    try {
      return await thread.call(fn, args);
    } finally {
      if (this.closed) thread.terminate();
      else if (!thread.lost) this.idle.push(thread);
    }
  }

  /** Ends the idle threads now and the busy ones as they finish. */
  close(): void {
    this.closed = true;
    for (const thread of this.idle.splice(0)) thread.terminate();
  }

  private start(): HashThread {
    if (this.started >= this.size) throw new Error(`more than ${this.size} argon2 calls at once`);
    this.started++;
    // A thread that died is replaced by a new one on the next call.
    return new HashThread(() => this.started--);
  }
}

/** Password hashes a process computes at once unless `MAX_CONCURRENT_HASHES` says otherwise: one a core. */
export function defaultHashConcurrency(): number {
  return availableParallelism();
}
