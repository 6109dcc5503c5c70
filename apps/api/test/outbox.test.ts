import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import { correosSalientes, paises } from '../src/db/schema/index.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, lastMailTo, login, setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';

/** The 'Correos' screen's API (issue 34 item 24): the outbox read by an administrator in the browser. */
let t: TestContext;
let paraguay: number;
const tokens = {} as Record<'admin' | 'funcionario' | 'profesor' | 'alumno', string>;

beforeAll(async () => {
  t = await setupTestApp({ config: { publicUrl: undefined } });
  paraguay = (await t.db.select().from(paises).where(eq(paises.nombre, 'Paraguay')))[0]!.id;
  for (const [key, role] of [
    ['admin', Role.Admin],
    ['funcionario', Role.Funcionario],
    ['profesor', Role.Profesor],
    ['alumno', Role.Alumno],
  ] as const) {
    const user = await createUser(t.db, { roles: [role] });
    tokens[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function createByAdmin(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { ...bearer(tokens.admin), host: 'arandu.example.edu.py:8080' },
    payload: {
      nombre: 'Rosa',
      apellido: 'Giménez',
      numeroDocumento: String(5_000_000 + Math.floor(Math.random() * 1_000_000)),
      email,
      nacionalidadPaisId: paraguay,
      telefonoCelular: '0981 123 456',
      roles: [Role.Alumno],
      categoriasProfesores: [],
    },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/outbox', () => {
  it('shows an administrator a new user’s welcome mail and the link to the app, its password masked', async () => {
    await createByAdmin('rosa.gimenez@correos.edu.py');
    const res = await get(tokens.admin, '/api/outbox?search=ROSA.gimenez');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalItemsCount).toBe(1);
    const [mail] = page.items;
    expect(mail).toMatchObject({
      destinatario: 'rosa.gimenez@correos.edu.py',
      asunto: 'Arandu: su cuenta',
      estado: 'retenido',
      error: null,
      enviadoEn: null,
    });
    expect(mail.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Without PUBLIC_URL the link is the origin the administrator used.
    expect(mail.cuerpo).toContain('Ingrese en: http://arandu.example.edu.py:8080/');
    // Unused and current, it is masked all the same (issue 40): staff got it once, in the reply that set it.
    expect(temporaryPasswordIn(mail.cuerpo)).toBe('********');
    const stored = await lastMailTo(t.db, 'rosa.gimenez@correos.edu.py');
    expect(res.body).not.toContain(temporaryPasswordIn(stored!.cuerpo));
  });

  it('masks the temporary password of a sent mail, as `npm run outbox` does', async () => {
    await createByAdmin('sent.mail@correos.edu.py');
    // An older row sent before the sender masked bodies: the reply masks it all the same.
    await t.db
      .update(correosSalientes)
      .set({ estado: 'enviado', enviadoEn: sql`now()` })
      .where(eq(correosSalientes.destinatario, 'sent.mail@correos.edu.py'));
    const res = await get(tokens.admin, '/api/outbox?search=sent.mail&estado=enviado');
    const [mail] = res.json().items;
    expect(mail.estado).toBe('enviado');
    expect(mail.enviadoEn).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(mail.cuerpo).toContain('Contraseña temporal: ********');
    const kept = await get(tokens.admin, '/api/outbox?search=sent.mail&estado=retenido');
    expect(kept.json()).toEqual({ items: [], totalItemsCount: 0 });
  });

  it('pages newest first with the total of the filtered mails', async () => {
    for (const n of [1, 2, 3]) await createByAdmin(`paged${n}@correos.edu.py`);
    const first = (await get(tokens.admin, '/api/outbox?search=paged&pageSize=2')).json();
    expect(first.totalItemsCount).toBe(3);
    expect(first.items.map((m: { destinatario: string }) => m.destinatario)).toEqual([
      'paged3@correos.edu.py',
      'paged2@correos.edu.py',
    ]);
    const second = (await get(tokens.admin, '/api/outbox?search=paged&pageSize=2&page=2')).json();
    expect(second.items.map((m: { destinatario: string }) => m.destinatario)).toEqual(['paged1@correos.edu.py']);
  });

  it('refuses a bad filter with a Spanish message', async () => {
    const res = await get(tokens.admin, '/api/outbox?estado=perdido');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Estado de correo inválido/);
    expect((await get(tokens.admin, '/api/outbox?page=0')).statusCode).toBe(400);
  });

  it('is for administrators only: staff, professors and students are refused, and nothing is shown', async () => {
    for (const who of ['funcionario', 'profesor', 'alumno'] as const) {
      const res = await get(tokens[who], '/api/outbox');
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain('Contraseña temporal');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
  });
});
