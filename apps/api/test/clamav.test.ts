import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ENTREGAS as E } from '@arandu/shared';
import { clamavScanner } from '../src/lib/clamav.js';
import { fixedClock } from '../src/lib/clock.js';
import { entregasKit } from './factories/entregas.js';
import { setupTestApp, type TestContext } from './helper.js';

/**
 * ClamAV's INSTREAM (issue 46): the client against a small server that speaks clamd's protocol, an upload
 * refused through it, and Debian's clamav-daemon itself where it is installed.
 */

// The EICAR test file, joined at run time so this source is not itself the test file.
const EICAR = Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR', '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''));
const dir = mkdtempSync(path.join(os.tmpdir(), 'arandu-clamav-'));

/** A server speaking INSTREAM: reads the length-prefixed chunks to the zero length, answers like clamd. */
function fakeClamd() {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let data = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!started) {
        const command = Buffer.from('zINSTREAM\0');
        if (buffer.length < command.length) return;
        expect(buffer.subarray(0, command.length).equals(command)).toBe(true);
        buffer = buffer.subarray(command.length);
        started = true;
      }
      while (buffer.length >= 4) {
        const size = buffer.readUInt32BE(0);
        if (size === 0) {
          received.push(data);
          socket.end(data.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          return;
        }
        if (buffer.length < 4 + size) return;
        data = Buffer.concat([data, buffer.subarray(4, 4 + size)]);
        buffer = buffer.subarray(4 + size);
      }
    });
  });
  return { server, received };
}

const fake = fakeClamd();
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(path.join(dir, 'fake.sock'), resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function scan(socket: string, data: Buffer) {
  const s = await clamavScanner(socket)();
  // In uneven pieces, as an upload's parts arrive.
  for (let at = 0; at < data.length; at += 100_003) await s.write(data.subarray(at, at + 100_003));
  return s.finish();
}

describe('the INSTREAM client', () => {
  it('streams the bytes in length-prefixed chunks and reads the verdict', async () => {
    const clean = Buffer.alloc(300_000, 7);
    expect(await scan(path.join(dir, 'fake.sock'), clean)).toEqual({ clean: true });
    expect(fake.received.at(-1)!.equals(clean)).toBe(true);
    const infected = Buffer.concat([Buffer.from('%PDF-1.4\n'), EICAR]);
    expect(await scan(path.join(dir, 'fake.sock'), infected)).toEqual({
      clean: false,
      reason: 'Eicar-Test-Signature',
    });
  });

  it('fails when no daemon answers', async () => {
    await expect(clamavScanner(path.join(dir, 'nobody.sock'))()).rejects.toThrow();
  });
});

describe('an upload scanned before it is taken', () => {
  const clock = fixedClock(new Date());
  let t: TestContext;
  const kit = entregasKit(() => t, clock);
  beforeAll(async () => {
    t = await setupTestApp({ clock, config: { clamavSocket: path.join(dir, 'fake.sock') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a file the daemon flags, naming what it found, and keeps the clean one', async () => {
    const c = await kit.classroom();
    const token = c.alumnos[0]!.token;
    const infected = Buffer.concat([kit.pdf('informe'), EICAR]);
    const refused = await kit.upload(token, c.tareaId, [{ name: 'informe.pdf', data: infected }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(E.virus('informe.pdf', 'Eicar-Test-Signature'));
    const taken = await kit.upload(token, c.tareaId, [{ name: 'informe.pdf', data: kit.pdf('limpio') }]);
    expect(taken.statusCode, taken.body).toBe(200);
  });
});

/**
 * Debian's clamav-daemon, started by the test with a database of one signature for the EICAR string: the
 * official databases come from freshclam, which cannot download on this closed network.
 */
const CLAMD = '/usr/sbin/clamd';
describe.skipIf(!existsSync(CLAMD))("Debian's clamd (skipped where clamav-daemon is not installed)", () => {
  const socket = path.join(dir, 'clamd.sock');
  let clamd: ChildProcess;
  beforeAll(async () => {
    const db = path.join(dir, 'db');
    rmSync(db, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(db));
    writeFileSync(path.join(db, 'arandu-test.ndb'), `Arandu.Test.EICAR:0:*:${EICAR.toString('hex')}\n`);
    writeFileSync(
      path.join(dir, 'clamd.conf'),
      [`LocalSocket ${socket}`, `DatabaseDirectory ${db}`, 'Foreground yes', `User ${os.userInfo().username}`].join(
        '\n',
      ),
    );
    clamd = spawn(CLAMD, ['-c', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 300 && !existsSync(socket); i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(socket), 'clamd did not open its socket').toBe(true);
  }, 60_000);
  afterAll(() => {
    clamd?.kill();
  });

  it('finds the EICAR file and passes a clean one', async () => {
    expect(await scan(socket, Buffer.concat([Buffer.from('%PDF-1.4\n'), EICAR]))).toEqual({
      clean: false,
      reason: 'Arandu.Test.EICAR.UNOFFICIAL',
    });
    expect(await scan(socket, Buffer.alloc(200_000, 1))).toEqual({ clean: true });
  });
});
