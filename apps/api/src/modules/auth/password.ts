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

/**
 * argon2id for a temporary password only (decision record 018): it is random (~70 bits), so guessing it from
 * its hash is out of reach however cheap the hash, and its owner must replace it at the first login, which
 * stores the new one with ARGON2_OPTIONS. At ARGON2_OPTIONS an import of 5,000 new users would spend
 * 5,000 x ~18 ms hashing; at these, well under a millisecond each. Verification reads the parameters from
 * the hash itself, so a login checks either kind.
 */
export const TEMPORARY_ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Hashes many temporary passwords, a hash thread's worth at a time (the import's new users). */
export async function hashTemporaryPasswords(passwords: string[]): Promise<string[]> {
  const out: string[] = [];
  const batch = Math.max(1, threads.capacity);
  for (let i = 0; i < passwords.length; i += batch) {
    const slice = passwords.slice(i, i + batch);
    out.push(
      ...(await Promise.all(
        slice.map((p) =>
          limiter.run(() => threads.run('hashSync', [p, TEMPORARY_ARGON2_OPTIONS]) as Promise<string>, busy),
        ),
      )),
    );
  }
  return out;
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password people can type from an e-mail: 12 characters without look-alikes (~70 bits).
 * `below(n)` picks 0 … n - 1: the CSPRNG, or the demo seed's generator (its mails must be reproducible).
 */
export function temporaryPassword(below: (n: number) => number = randomInt): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += TEMP_ALPHABET[below(TEMP_ALPHABET.length)];
  return out;
}
