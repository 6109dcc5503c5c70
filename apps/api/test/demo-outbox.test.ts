import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { seedDemo } from '../src/seed/demo.js';
import { bearer, login, setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';

/** After a fresh `npm start` the administrator's 'Correos' screen has mail to show (issue 34 item 24). */
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await setupTestApp();
  await seedDemo(t.db, { mail: { appName: 'Arandu', appUrl: 'http://127.0.0.1:3000' } });
  admin = await login(t.app, 'admin@demo.edu.py', DEMO_PASSWORD);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

type OutboxMail = { destinatario: string; asunto: string; cuerpo: string; estado: string };
const outbox = async (search: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/outbox?search=${search}`, headers: bearer(admin) })).json<{
    items: OutboxMail[];
    totalItemsCount: number;
  }>();

describe('the demo seed’s outbox', () => {
  it('holds welcome and reset mails, each temporary password shown only while still unused', async () => {
    const all = await outbox('');
    expect(all.totalItemsCount).toBeGreaterThanOrEqual(9);
    expect(new Set(all.items.map((m) => m.estado))).toEqual(new Set(['retenido']));
    // nuevo@demo has not signed in: their welcome shows the password the README gives.
    const [nuevo] = (await outbox('nuevo@demo')).items;
    expect(nuevo!.asunto).toBe('Arandu: su cuenta');
    expect(nuevo!.cuerpo).toContain('Ingrese en: http://127.0.0.1:3000/');
    expect(temporaryPasswordIn(nuevo!.cuerpo)).toBe(DEMO_PASSWORD);
    // Every other demo account has set its own password since: masked.
    const [own] = (await outbox('admin@demo')).items;
    expect(temporaryPasswordIn(own!.cuerpo)).toBe('********');
    // A student's '¿Olvidaste tu Contraseña?' still pending: shown, and it signs in.
    const resets = all.items.filter((m) => m.cuerpo.includes('Se ha solicitado restablecer'));
    expect(resets).toHaveLength(1);
    const pending = temporaryPasswordIn(resets[0]!.cuerpo);
    expect(pending).not.toBe('********');
    expect(await login(t.app, resets[0]!.destinatario, pending)).toBeTruthy();
    // A reset by staff the professor has replaced since: masked.
    const staffReset = all.items.find((m) => m.cuerpo.includes('Se ha restablecido su contraseña'));
    expect(temporaryPasswordIn(staffReset!.cuerpo)).toBe('********');
    // Once used, the pending one is masked too.
    const after = (await outbox(encodeURIComponent(resets[0]!.destinatario))).items[0]!;
    expect(temporaryPasswordIn(after.cuerpo)).toBe('********');
  });
});
