import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.js';
import { setupTestApp, type TestContext } from './helper.js';
import { serverUrl } from './test-database.js';

// PGlite runs one statement at a time, so it cannot show a race: this file runs on the PostgreSQL server
// (DATABASE_URL, as `.ci/run` does) and is skipped on the embedded database.
describe.skipIf(!serverUrl())('login throttling under real concurrency (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp({ config: { maxConcurrentHashes: 8 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Fifty wrong passwords for one account at once, from `addresses` addresses in turn. */
  const guessInParallel = (email: string, addresses: number) =>
    Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: `adivinanza-${i}` },
          remoteAddress: `10.50.${addresses}.${i % addresses}`,
        }),
      ),
    );

  it('evaluates at most 5 of 50 parallel wrong passwords for one account; the rest get 429', async () => {
    const user = await createUser(t.db);
    const replies = await guessInParallel(user.email, 1);
    const statuses = replies.map((r) => r.statusCode);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - evaluated);
  });

  it('evaluates at most 10 of 50 parallel guesses from two addresses (the pair lock, the account slow-down)', async () => {
    const user = await createUser(t.db);
    const replies = await guessInParallel(user.email, 2);
    const evaluated = replies.filter((r) => r.statusCode === 401).length;
    // Two addresses: five each at most, and ten a minute for the account in all.
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(50 - evaluated);
  });
});
