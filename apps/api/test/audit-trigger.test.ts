import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import { auditoria, sesiones, usuarioFotos, usuarios } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { rows } from '../src/db/sql.js';
import { createUser } from './factories/users.js';
import { setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function auditOf(table: string, key: number | string) {
  return t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.nombreTabla, table), eq(auditoria.clavePrimaria, String(key))))
    .orderBy(auditoria.id);
}

describe('audit trigger (DOMAIN.md section 7)', () => {
  it('records insert, update and delete with the user, the columns and the values, never the secrets', async () => {
    const actor = await createUser(t.db, { roles: [Role.Funcionario] });
    const [created] = await writeTx(t.db, actor.id, (tx) =>
      tx
        .insert(usuarios)
        .values({
          nombre: 'Rosa',
          apellido: 'Benítez',
          numeroDocumento: '3456789',
          email: 'rosa.benitez@prueba.edu.py',
          passwordHash: '$argon2id$secreto',
          esAlumno: true,
        })
        .returning({ id: usuarios.id }),
    );
    const id = created!.id;
    await writeTx(t.db, actor.id, (tx) =>
      tx
        .update(usuarios)
        .set({ apellido: 'Benítez Aquino', passwordHash: '$argon2id$otro' })
        .where(eq(usuarios.id, id)),
    );
    // An update that changes nothing leaves no trace.
    await writeTx(t.db, actor.id, (tx) => tx.update(usuarios).set({ nombre: 'Rosa' }).where(eq(usuarios.id, id)));
    await writeTx(t.db, null, (tx) => tx.delete(usuarios).where(eq(usuarios.id, id)));

    const log = await auditOf('usuarios', id);
    expect(log.map((r) => r.tipo)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [insert, update, remove] = log;

    expect(insert!.usuarioId).toBe(actor.id);
    expect(insert!.columnasAfectadas).toEqual(expect.arrayContaining(['nombre', 'apellido', 'email']));
    expect(insert!.valoresNuevos).toMatchObject({
      nombre: 'Rosa',
      apellido: 'Benítez',
      email: 'rosa.benitez@prueba.edu.py',
    });
    expect(insert!.valoresAnteriores).toBeNull();
    expect(insert!.valoresNuevos).not.toHaveProperty('password_hash');

    expect(update!.usuarioId).toBe(actor.id);
    expect(update!.columnasAfectadas).toEqual(['apellido', 'password_hash']);
    expect(update!.valoresAnteriores).toEqual({ apellido: 'Benítez' });
    expect(update!.valoresNuevos).toEqual({ apellido: 'Benítez Aquino' });

    expect(remove!.usuarioId).toBeNull();
    expect(remove!.valoresAnteriores).toMatchObject({ id, apellido: 'Benítez Aquino' });
    expect(remove!.valoresAnteriores).not.toHaveProperty('password_hash');
    expect(remove!.valoresNuevos).toBeNull();
  });

  it('keeps photo bytes out of the log and does not log sessions', async () => {
    const user = await createUser(t.db);
    await writeTx(t.db, user.id, (tx) =>
      tx
        .insert(usuarioFotos)
        .values({ usuarioId: user.id, mime: 'image/png', fotoDatos: Buffer.from([1, 2, 3]), bytes: 3 }),
    );
    const [photo] = await auditOf('usuario_fotos', user.id);
    expect(photo!.valoresNuevos).toMatchObject({ mime: 'image/png', bytes: 3 });
    expect(photo!.valoresNuevos).not.toHaveProperty('foto_datos');

    await writeTx(t.db, user.id, (tx) => tx.insert(sesiones).values({ usuarioId: user.id, tokenHash: 'f'.repeat(64) }));
    const logged = await t.db.select().from(auditoria).where(eq(auditoria.nombreTabla, 'sesiones'));
    expect(logged).toHaveLength(0);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from auditoria`);
    await expect(
      writeTx(t.db, null, async (tx) => {
        await tx.insert(usuarios).values({
          nombre: 'Temporal',
          apellido: 'Rollback',
          numeroDocumento: '1234567',
          email: 'rollback@prueba.edu.py',
          passwordHash: 'x',
        });
        throw new Error('se deshace');
      }),
    ).rejects.toThrow('se deshace');
    const after = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from auditoria`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses to update or delete audit rows', async () => {
    const [any] = await t.db.select({ id: auditoria.id }).from(auditoria).limit(1);
    expect(any).toBeDefined();
    await expect(t.db.update(auditoria).set({ tipo: 'DELETE' }).where(eq(auditoria.id, any!.id))).rejects.toThrow();
    await expect(t.db.delete(auditoria).where(eq(auditoria.id, any!.id))).rejects.toThrow();
    // The trigger holds for the tables' owner too (with the role split the app's role is not even granted it).
    const err = await t.ownerDb
      .execute(sql`delete from auditoria`)
      .then(() => undefined)
      .catch((e: unknown) => e as { cause?: { message?: string }; message?: string });
    expect(err?.cause?.message ?? err?.message).toContain('La auditoría no puede modificarse');
  });
});
