import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { correosSalientes } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { Background } from '../src/lib/background.js';
import { createMailer } from '../src/lib/mail.js';
import { OutboxSender } from '../src/lib/outbox-sender.js';
import nodemailer from 'nodemailer';
import { createUser } from './factories/users.js';
import { setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';
import { bodyOf, startSmtpPeer } from './smtp-peer.js';

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestContext;
let smtpUrl: string;
beforeAll(async () => {
  peer = await startSmtpPeer();
  smtpUrl = peer.url;
  t = await setupTestApp({ config: { smtpUrl } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.state.refusing = false;
});

const receivedBy = (to: string) => peer.receivedBy(to);
const mailer = () => createMailer({ canSend: true, log: t.app.log, kick: () => undefined });
const outboxRow = async (to: string) =>
  (await t.db.select().from(correosSalientes).where(eq(correosSalientes.destinatario, to)))[0];

describe('mail over SMTP', () => {
  it('delivers the temporary password of a reset after the reply, which then logs in', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot_password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    await t.app.background.drain();
    const [mail] = receivedBy(user.email);
    expect(mail).toBeDefined();
    const temporary = temporaryPasswordIn(bodyOf(mail!.raw));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: temporary },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().firstLogin).toBe(true);
    // The outbox records it as sent, and no longer keeps the password.
    const row = await outboxRow(user.email);
    expect(row).toMatchObject({ estado: 'enviado', intentos: 1, error: null });
    expect(row!.enviadoEn).not.toBeNull();
    expect(row!.cuerpo).not.toContain(temporary);
  });
});

describe('the outbox', () => {
  it('delivers a committed mail once, and nothing of a rolled-back one', async () => {
    await writeTx(t.db, null, (tx) => mailer().queue(tx, { to: 'ok@prueba.edu.py', subject: 'Sí', text: 'Hola' }));
    await expect(
      writeTx(t.db, null, async (tx) => {
        await mailer().queue(tx, { to: 'deshecho@prueba.edu.py', subject: 'No', text: 'Hola' });
        throw new Error('la escritura falló después de encolar');
      }),
    ).rejects.toThrow('la escritura falló');
    // Nothing is sent inside the transaction: only after commit, by the sender.
    expect(receivedBy('ok@prueba.edu.py')).toHaveLength(0);
    await t.app.outbox.deliverDue();
    await t.app.outbox.deliverDue();
    expect(receivedBy('ok@prueba.edu.py')).toHaveLength(1);
    expect(receivedBy('deshecho@prueba.edu.py')).toHaveLength(0);
    expect(await outboxRow('deshecho@prueba.edu.py')).toBeUndefined();
  });

  it('records a failure with its error and retries later, with backoff', async () => {
    await writeTx(t.db, null, (tx) => mailer().queue(tx, { to: 'reintento@prueba.edu.py', subject: 'R', text: 'x' }));
    peer.state.refusing = true;
    await t.app.outbox.deliverDue();
    const failed = await outboxRow('reintento@prueba.edu.py');
    expect(failed).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(failed!.error).toMatch(/rejected/);
    expect(Date.parse(failed!.proximoIntento)).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: a pass now sends nothing.
    peer.state.refusing = false;
    await t.app.outbox.deliverDue();
    expect(receivedBy('reintento@prueba.edu.py')).toHaveLength(0);
    await t.db.execute(
      sql`update correos_salientes set proximo_intento = now() where destinatario = 'reintento@prueba.edu.py'`,
    );
    await t.app.outbox.deliverDue();
    expect(receivedBy('reintento@prueba.edu.py')).toHaveLength(1);
    expect(await outboxRow('reintento@prueba.edu.py')).toMatchObject({ estado: 'enviado', intentos: 2, error: null });
  });

  it('never sends a mail twice when two senders run at once', async () => {
    const to = (i: number) => `par${i}@prueba.edu.py`;
    await writeTx(t.db, null, async (tx) => {
      for (let i = 0; i < 12; i++) await mailer().queue(tx, { to: to(i), subject: 'P', text: 'x' });
    });
    // A second process's sender, on its own SMTP connection.
    const other = new OutboxSender({
      db: t.db,
      transport: nodemailer.createTransport(smtpUrl),
      from: 'otro@prueba.edu.py',
      log: t.app.log,
      background: new Background(t.app.log),
    });
    const [a, b] = await Promise.all([t.app.outbox.deliverDue(), other.deliverDue()]);
    expect(a + b).toBe(12);
    for (let i = 0; i < 12; i++) expect(receivedBy(to(i))).toHaveLength(1);
  });
});
