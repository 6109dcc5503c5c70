import { randomInt } from 'node:crypto';
import type { Options } from '@node-rs/argon2';
import { AppError } from '../../lib/errors.js';
import { Semaphore } from '../../lib/semaphore.js';
import { defaultHashConcurrency, HashThreads } from '../../lib/hash-threads.js';

/** argon2id with the parameters of DESIGN.md (~18 ms and ~19 MiB a hash on this machine). */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** How many hashes may wait for a slot before a login is answered 429 straight away. */
const MAX_QUEUED_HASHES = 256;

let threads = new HashThreads(defaultHashConcurrency());
let limiter = new Semaphore(threads.capacity, MAX_QUEUED_HASHES);

/** At most `maxConcurrent` hashes computed at once, each on a thread of its own (`MAX_CONCURRENT_HASHES`). */
export function configureHashing(maxConcurrent: number): void {
  if (threads.size === maxConcurrent) return;
  threads.close();
  threads = new HashThreads(maxConcurrent);
  limiter = new Semaphore(threads.capacity, MAX_QUEUED_HASHES);
}

const busy = () => AppError.tooManyRequests();

export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => threads.run('hashSync', [password, ARGON2_OPTIONS]) as Promise<string>, busy);
}

/** Whether `password` is the one of `passwordHash`; a malformed hash matches nothing. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const verify = () => (threads.run('verifySync', [passwordHash, password]) as Promise<boolean>).catch(() => false);
  return limiter.run(verify, busy);
}

/** Compared against when the e-mail is unknown, so an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  // Computed in a hash slot like any other; a refusal (429) is not kept, the next unknown e-mail tries again.
  dummyHash ??= hashPassword('arandu-timing-dummy').catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password people can type from an e-mail: 12 characters without look-alikes (~70 bits). */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  return out;
}
