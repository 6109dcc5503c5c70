import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { correosSalientes } from '../src/db/schema/index.js';
import { createUser } from './factories/users.js';
import { setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';

interface Received {
  to: string[];
  raw: string;
}

// A real SMTP peer on a loopback port: the app talks SMTP to it exactly as to the faculty's server.
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let t: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await setupTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The mail body as sent: quoted-printable soft breaks undone, so the password reads whole. */
function bodyOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  it('delivers the temporary password of a reset, which then logs in (and keeps nothing in the outbox)', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot_password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    const temporary = temporaryPasswordIn(Buffer.from(bodyOf(mail!.raw), 'latin1').toString('utf8'));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: temporary },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().firstLogin).toBe(true);
    expect(await t.db.select().from(correosSalientes)).toHaveLength(0);
  });
});
