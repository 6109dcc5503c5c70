import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { loadConfig } from '../src/config.js';
import { CALLS_PER_THREAD, defaultHashConcurrency, HashThreads } from '../src/lib/hash-threads.js';
import { ARGON2_OPTIONS } from '../src/modules/auth/password.js';

describe('hash concurrency', () => {
  it('hashes one password a core by default', () => {
    expect(defaultHashConcurrency()).toBe(availableParallelism());
    expect(loadConfig({}).maxConcurrentHashes).toBe(defaultHashConcurrency());
    expect(loadConfig({ MAX_CONCURRENT_HASHES: '3' }).maxConcurrentHashes).toBe(3);
    expect(() => loadConfig({ MAX_CONCURRENT_HASHES: '0' })).toThrow(/MAX_CONCURRENT_HASHES/);
  });
});

describe('HashThreads', () => {
  let threads: HashThreads;
  afterEach(() => threads.close());

  it('computes hashes that @node-rs/argon2 itself verifies, and verifies its hashes', async () => {
    threads = new HashThreads(2);
    const made = (await threads.run('hashSync', ['Arandu2026!', ARGON2_OPTIONS])) as string;
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const theirs = await hash('otra-clave', ARGON2_OPTIONS);
    const answers = await Promise.all([
      threads.run('verifySync', [made, 'Arandu2026!']),
      threads.run('verifySync', [theirs, 'otra-clave']),
    ]);
    expect(answers).toEqual([true, true]);
    expect(await threads.run('verifySync', [theirs, 'Arandu2026!'])).toBe(false);
  });

  it("answers a thread's error as a rejection and goes on with the next call", async () => {
    threads = new HashThreads(1);
    await expect(threads.run('verifySync', ['no es un hash', 'x'])).rejects.toThrow();
    expect(await threads.run('verifySync', [await hash('x', ARGON2_OPTIONS), 'x'])).toBe(true);
  });

  it('queues a second call on a busy thread, and refuses one beyond its capacity: the caller keeps within it', async () => {
    threads = new HashThreads(1);
    expect(threads.capacity).toBe(CALLS_PER_THREAD);
    const taken = Array.from({ length: CALLS_PER_THREAD }, (_, i) =>
      threads.run('hashSync', [`clave${i}`, ARGON2_OPTIONS]),
    );
    await expect(threads.run('hashSync', ['una más', ARGON2_OPTIONS])).rejects.toThrow(/more than 2/);
    const made = (await Promise.all(taken)) as string[];
    expect(await threads.run('verifySync', [made.at(-1), `clave${CALLS_PER_THREAD - 1}`])).toBe(true);
  });

  it('answers the calls it was given before it was closed', async () => {
    threads = new HashThreads(2);
    const busy = threads.run('hashSync', ['a', ARGON2_OPTIONS]);
    threads.close();
    await expect(busy).resolves.toMatch(/^\$argon2id\$/);
  });
});
