import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, Role, TipoAuditoria } from '@arandu/shared';
import { auditoria, correosSalientes, paises, usuarios } from '../src/db/schema/index.js';
import { givePhoto, jpegBytes, multipart } from './factories/photos.js';
import { signIn, userFormOf } from './factories/users.js';
import { bearer, setupTestApp, type TestContext, injectAs } from './helper.js';

/**
 * Security issue 28, item 1: only the root administrator edits, resets or re-photographs the root account or
 * another Admin, and an Admin does not change their own roles or e-mail in 'Usuarios del Sistema'. Every
 * refusal is a 403 with its Spanish message, changes nothing and leaves a 'DENIED' row in the audit log.
 */
let t: TestContext;
let paraguay: number;
type Account = { id: number; email: string; token: string };
const who = {} as Record<'root' | 'admin' | 'otroAdmin' | 'funcionario' | 'alumno', Account>;

async function account(roles: Role[], esAdminRoot = false): Promise<Account> {
  const signed = await signIn(t.app, t.db, { roles, esAdminRoot });
  await givePhoto(t.db, signed.id);
  return signed;
}

beforeAll(async () => {
  t = await setupTestApp();
  paraguay = (await t.db.select().from(paises).where(eq(paises.nombre, 'Paraguay')))[0]!.id;
  who.root = await account([Role.Admin], true);
  who.admin = await account([Role.Admin]);
  who.otroAdmin = await account([Role.Admin]);
  who.funcionario = await account([Role.Funcionario]);
  who.alumno = await account([Role.Alumno]);
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

const userRow = async (id: number) => (await t.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!;

/** A user's stored detail, as the users form would send it back. */
const formOf = (id: number) => userFormOf(t.app, who.root.token, id, paraguay);

const uploadPhoto = (token: string, id: number, image: Buffer) => {
  const body = multipart('files', 'foto.jpg', 'image/jpeg', image);
  return t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/photo`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

/** The refusals the audit log holds for an actor on a target, oldest first. */
const refusalsOf = (actorId: number, targetId: number) =>
  t.db
    .select()
    .from(auditoria)
    .where(
      and(
        eq(auditoria.tipo, TipoAuditoria.Denied),
        eq(auditoria.usuarioId, actorId),
        eq(auditoria.clavePrimaria, String(targetId)),
      ),
    )
    .orderBy(auditoria.id);

const mailsTo = async (email: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(correosSalientes)
      .where(eq(correosSalientes.destinatario, email))
  )[0]!.n;

describe('the root account', () => {
  it('cannot be edited, reset or re-photographed by another Admin; each refusal is audited', async () => {
    const before = await userRow(who.root.id);
    const takeover = await call(who.admin.token, 'POST', '/api/users', {
      ...(await formOf(who.root.id)),
      email: 'atacante@prueba.edu.py',
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().error).toBe(MSG.adminEditOnlyByRoot);

    for (const method of ['POST', 'GET'] as const) {
      const reset = await call(who.admin.token, method, `/api/users/reset_password/${who.root.id}`);
      expect(reset.statusCode, method).toBe(403);
      expect(reset.json().error).toBe(MSG.adminEditOnlyByRoot);
    }

    const photo = await uploadPhoto(who.admin.token, who.root.id, await jpegBytes(40, 40));
    expect(photo.statusCode).toBe(403);
    expect(photo.json().error).toBe(MSG.adminEditOnlyByRoot);
    const removed = await call(who.admin.token, 'DELETE', `/api/users/${who.root.id}/photo`);
    expect(removed.statusCode).toBe(403);

    // Nothing changed: the e-mail, the password, the photo; the root's session still works; no mail went out.
    expect(await userRow(who.root.id)).toEqual(before);
    expect((await call(who.root.token, 'GET', '/api/users/get_login_status')).statusCode).toBe(200);
    expect(await mailsTo(before.email)).toBe(0);

    const refusals = await refusalsOf(who.admin.id, who.root.id);
    expect(
      refusals.map((r) => [r.nombreTabla, (r.valoresNuevos as { accion: string }).accion, r.columnasAfectadas]),
    ).toEqual([
      ['usuarios', 'Modificar usuario', []],
      ['usuarios', 'Restablecer contraseña', []],
      ['usuarios', 'Restablecer contraseña', []],
      ['usuario_fotos', 'Cambiar foto', []],
      ['usuario_fotos', 'Borrar foto', []],
    ]);
    expect(refusals[0]!.valoresNuevos).toEqual({ accion: 'Modificar usuario', motivo: MSG.adminEditOnlyByRoot });
    expect(refusals[0]!.valoresAnteriores).toBeNull();
  });

  it("shows the refusals in 'Auditoría de cambios', filtered by their type", async () => {
    const form = (await call(who.root.token, 'GET', '/api/users/form_data')).json();
    expect(form.tiposAuditoria).toContainEqual({ value: 4, label: 'Denegación' });
    const res = await call(who.root.token, 'POST', '/api/users/all_auditlog', {
      page: 1,
      pageSize: 25,
      filters: { tipo: 4, tabla: 'usuarios' },
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().items.filter((i: { usuarioId: number }) => i.usuarioId === who.admin.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ tipo: 4, tipoLabel: 'Denegación', nombreTabla: 'usuarios' });
  });

  it('is edited, reset and re-photographed by the root administrator', async () => {
    const form = await formOf(who.otroAdmin.id);
    const edit = await call(who.root.token, 'POST', '/api/users', { ...form, nombre: 'Editado por raíz' });
    expect(edit.statusCode).toBe(200);
    expect((await userRow(who.otroAdmin.id)).nombre).toBe('Editado por raíz');
    expect((await uploadPhoto(who.root.token, who.otroAdmin.id, await jpegBytes(40, 40))).statusCode).toBe(200);
    const reset = await call(who.root.token, 'POST', `/api/users/reset_password/${who.otroAdmin.id}`);
    expect(reset.statusCode).toBe(200);
    expect((await userRow(who.otroAdmin.id)).firstLogin).toBe(true);
  });
});

describe('another Admin', () => {
  it('cannot be edited, reset or re-photographed by an Admin who is not root, nor by a Funcionario', async () => {
    const target = await account([Role.Admin]);
    const before = await userRow(target.id);
    const form = await formOf(target.id);
    for (const actor of [who.admin, who.funcionario]) {
      const edit = await call(actor.token, 'POST', '/api/users', { ...form, nombre: 'Cambiado' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().error).toBe(MSG.adminEditOnlyByRoot);
      const demote = await call(actor.token, 'POST', '/api/users', { ...form, roles: [Role.Funcionario] });
      expect(demote.statusCode).toBe(403);
      const reset = await call(actor.token, 'POST', `/api/users/reset_password/${target.id}`);
      expect(reset.statusCode).toBe(403);
      expect((await uploadPhoto(actor.token, target.id, await jpegBytes(40, 40))).statusCode).toBe(403);
      expect((await refusalsOf(actor.id, target.id)).length).toBe(4);
    }
    expect(await userRow(target.id)).toEqual(before);
  });

  it('a non-root Admin still edits, resets and re-photographs users who are not Admin, and grants Admin', async () => {
    const target = await account([Role.Funcionario]);
    const edit = await call(who.admin.token, 'POST', '/api/users', {
      ...(await formOf(target.id)),
      roles: [Role.Funcionario, Role.Admin],
    });
    expect(edit.statusCode).toBe(200);
    expect((await userRow(target.id)).esAdmin).toBe(true);
    expect((await call(who.admin.token, 'POST', `/api/users/reset_password/${who.alumno.id}`)).statusCode).toBe(200);
    expect((await uploadPhoto(who.admin.token, who.alumno.id, await jpegBytes(40, 40))).statusCode).toBe(200);
  });
});

describe("an Admin's own account in 'Usuarios del Sistema'", () => {
  it('keeps its roles and e-mail, root included; other fields save', async () => {
    for (const actor of [who.admin, who.root]) {
      const form = await formOf(actor.id);
      const before = await userRow(actor.id);
      const email = await call(actor.token, 'POST', '/api/users', { ...form, email: `otro.${actor.email}` });
      expect(email.statusCode).toBe(403);
      expect(email.json().error).toBe(MSG.ownIdentityLocked);
      const roles = await call(actor.token, 'POST', '/api/users', { ...form, roles: [Role.Admin, Role.Profesor] });
      expect(roles.statusCode).toBe(403);
      expect(roles.json().error).toBe(MSG.ownIdentityLocked);
      const demote = await call(actor.token, 'POST', '/api/users', { ...form, roles: [Role.Funcionario] });
      expect(demote.statusCode).toBe(403);
      expect(await userRow(actor.id)).toEqual(before);
      const refusals = await refusalsOf(actor.id, actor.id);
      expect(refusals).toHaveLength(3);
      expect(refusals[0]!.valoresNuevos).toEqual({ accion: 'Modificar usuario', motivo: MSG.ownIdentityLocked });

      const phone = await call(actor.token, 'POST', '/api/users', { ...form, telefonoCelular: '0981 999 888' });
      expect(phone.statusCode).toBe(200);
      expect((await userRow(actor.id)).telefonoCelular).toBe('0981 999 888');
    }
  });
});
