import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors.js';
import { Semaphore } from '../../lib/semaphore.js';
import { defaultHashConcurrency } from '../../lib/hash-threads.js';

/** argon2id with the parameters of DESIGN.md (~18 ms and ~19 MiB a hash on this machine). */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** How many hashes may wait for a slot before a login is answered 429 straight away. */
const MAX_QUEUED_HASHES = 256;

let limiter = new Semaphore(defaultHashConcurrency(), MAX_QUEUED_HASHES);

export function configureHashing(maxConcurrent: number): void {
  limiter = new Semaphore(maxConcurrent, MAX_QUEUED_HASHES);
}

const busy = () => AppError.tooManyRequests();

export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => hash(password, ARGON2), busy);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limiter.run(() => verify(passwordHash, password).catch(() => false), busy);
}

/** Compared against when the e-mail is unknown, so an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hash('arandu-timing-dummy', ARGON2);
  return dummyHash;
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password people can type from an e-mail: 12 characters without look-alikes (~70 bits). */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  return out;
}
