import { availableParallelism } from 'node:os';

/** libuv's default when UV_THREADPOOL_SIZE is not set. */
const LIBUV_DEFAULT_THREADS = 4;
/** Threads kept beside the hashes, so a file read never waits behind a queue of logins. */
const SPARE_THREADS = 2;

/**
 * Threads of libuv's pool, where argon2 runs beside file reads. Node reads UV_THREADPOOL_SIZE once, before
 * any of our code (its module loader already uses the pool), so it can only be set in the environment that
 * starts the process (`npm start` does).
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n > 0 ? n : LIBUV_DEFAULT_THREADS;
}

/** The pool size for `hashes` at once: a thread each and the spare ones, never fewer than libuv's default. */
export function threadPoolSizeFor(hashes: number): number {
  return Math.max(LIBUV_DEFAULT_THREADS, hashes + SPARE_THREADS);
}

/**
 * Password hashes a process computes at once unless `MAX_CONCURRENT_HASHES` says otherwise: one a core, as
 * far as the pool has threads. More than the cores only makes them take turns, each evicting the others'
 * 19 MiB from the caches (on 2 cores argon2id cost 7.3 ms of CPU a verification 4 at a time, 6.0 ms 2 at a
 * time: bench/README.md); fewer leaves a core idle in a login storm. With several processes on one machine,
 * set it to the cores over the processes (README, "En un servidor").
 */
export function defaultHashConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  return Math.min(availableParallelism(), threadPoolSize(env));
}
