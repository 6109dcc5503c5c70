import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { defaultHashConcurrency, threadPoolSize, threadPoolSizeFor } from '../src/lib/hash-threads.js';

describe('hash concurrency', () => {
  it("reads libuv's pool size from UV_THREADPOOL_SIZE, libuv's 4 when unset or not a size", () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '10' })).toBe(10);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'muchos' })).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '0' })).toBe(4);
  });

  it('sizes the pool for a thread a hash and two spare, never under 4', () => {
    expect(threadPoolSizeFor(8)).toBe(10);
    expect(threadPoolSizeFor(1)).toBe(4);
  });

  it('hashes one password a core by default, never more at once than the pool has threads', () => {
    expect(defaultHashConcurrency({ UV_THREADPOOL_SIZE: '64' })).toBe(availableParallelism());
    expect(defaultHashConcurrency({ UV_THREADPOOL_SIZE: '1' })).toBe(1);
    expect(loadConfig({}).maxConcurrentHashes).toBe(defaultHashConcurrency());
    expect(loadConfig({ MAX_CONCURRENT_HASHES: '3' }).maxConcurrentHashes).toBe(3);
    expect(() => loadConfig({ MAX_CONCURRENT_HASHES: '0' })).toThrow(/MAX_CONCURRENT_HASHES/);
  });
});
