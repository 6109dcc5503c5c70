import { randomBytes } from 'node:crypto';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendXlsx } from '../src/lib/xlsx.js';

/**
 * Issue 9, item 8: a download of 100,000 rows to a client that reads slowly (or stops reading, or leaves)
 * must not pile the file up in the API's memory. The rows are random text, so the file does not compress
 * away (~17 MB on the wire): without pacing, all of it would wait in Buffers while the client stalls.
 */
const ROWS = 100_000;
const BATCH = 1000;

let app: FastifyInstance;
let url: string;
const source = { pulled: 0, finished: false, stoppedEarly: false };

async function* rows() {
  source.pulled = 0;
  source.finished = false;
  source.stoppedEarly = false;
  try {
    for (let i = 0; i < ROWS; i += BATCH) {
      await sleep(0); // a query's round trip
      source.pulled += BATCH;
      yield Array.from({ length: BATCH }, (_, j) => ({ n: i + j, text: randomBytes(150).toString('base64') }));
    }
    source.finished = true;
  } finally {
    if (!source.finished) source.stoppedEarly = true;
  }
}

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.get('/descarga', (_req, reply) =>
    sendXlsx(reply, 'Descarga.xlsx', {
      name: 'Hoja',
      columns: [
        { header: 'N', value: (r: { n: number; text: string }) => r.n },
        { header: 'Texto', value: (r) => r.text },
      ],
      rows: rows(),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/descarga`;
});
afterAll(async () => {
  await app.close();
});

const buffered = () => process.memoryUsage().arrayBuffers;

function open(): Promise<{ res: IncomingMessage; destroy: () => void }> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res) => {
      res.pause();
      resolve({ res, destroy: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** Waits until the row source has stopped advancing (the server is waiting for the client). */
async function untilStill() {
  let last = -1;
  for (let i = 0; i < 100 && source.pulled !== last; i++) {
    last = source.pulled;
    await sleep(300);
  }
}

describe('xlsx download backpressure', () => {
  it('stops asking for rows while the client does not read, and finishes when it reads slowly', async () => {
    const before = buffered();
    const { res } = await open();
    await untilStill();
    // The socket's kernel buffers hold a few MB; the rest of the 100,000 rows is not produced yet.
    expect(source.pulled).toBeLessThan(ROWS / 2);
    expect(buffered() - before).toBeLessThan(16_000_000);

    // While the client reads slowly, the rows produced never run far ahead of the bytes it has read. (Measured
    // as a lead rather than as process memory: buffers already read stay counted until the collector runs.)
    let bytes = 0;
    const samples: { bytes: number; pulled: number }[] = [];
    for await (const chunk of res) {
      bytes += (chunk as Buffer).length;
      samples.push({ bytes, pulled: source.pulled });
      if (bytes % 8 === 0) await sleep(1); // a slow reader: a pause now and then
    }
    expect(source.finished).toBe(true);
    expect(bytes).toBeGreaterThan(15_000_000);
    const lead = Math.max(...samples.map((s) => s.pulled / ROWS - s.bytes / bytes));
    expect(lead).toBeLessThan(0.5);
  });

  it('stops the query when the client goes away', async () => {
    const { destroy } = await open();
    await untilStill();
    destroy();
    for (let i = 0; i < 50 && !source.stoppedEarly; i++) await sleep(100);
    expect(source.stoppedEarly).toBe(true);
    expect(source.pulled).toBeLessThan(ROWS);
  });
});
