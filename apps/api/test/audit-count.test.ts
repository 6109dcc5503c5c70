import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import { writeTx } from '../src/db/tx.js';
import { advanceAuditCount } from '../src/modules/audit/audit.repository.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await setupTestApp();
  const admin = await createUser(t.db, { roles: [Role.Admin] });
  token = await login(t.app, admin.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

interface Filters {
  tabla?: string;
  tipo?: number;
}
const TIPOS: Record<number, string> = { 1: 'INSERT', 2: 'UPDATE', 3: 'DELETE' };

const exact = async (f: Filters = {}) =>
  Number(
    (
      (await t.db.execute(
        sql`select count(*)::int as n from auditoria
             where (${f.tabla ?? null}::text is null or nombre_tabla = ${f.tabla ?? null})
               and (${TIPOS[f.tipo ?? 0] ?? null}::text is null or tipo = ${TIPOS[f.tipo ?? 0] ?? null})`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );
const listed = async (filters: Filters = {}) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/users/all_auditlog',
      headers: bearer(token),
      payload: { page: 1, pageSize: 25, filters },
    })
  ).json().totalItemsCount as number;

describe("the unfiltered audit list's total (checkpoint + tail, migration 0011)", () => {
  it('stays exact before and after the checkpoint moves, and ignores rolled-back rows', async () => {
    expect(await listed()).toBe(await exact());
    await createUser(t.db, { roles: [Role.Alumno] });
    expect(await listed()).toBe(await exact());

    expect(await advanceAuditCount(t.db)).toBe(await exact());
    expect(await listed()).toBe(await exact());

    // A rolled-back write used sequence values: the ids now have a gap the count must not include.
    await expect(
      writeTx(t.db, null, async (tx) => {
        await tx.execute(sql`update usuarios set nombre = nombre || 'x'`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await createUser(t.db, { roles: [Role.Alumno] });
    expect(await listed()).toBe(await exact());
    expect(await advanceAuditCount(t.db)).toBe(await exact());
    expect(await advanceAuditCount(t.db)).toBe(await exact());
    expect(await listed()).toBe(await exact());
  });

  it('keeps the totals of one table and of one type exact as the checkpoint moves (migration 0017)', async () => {
    const groups: Filters[] = [{ tabla: 'usuarios' }, { tipo: 1 }, { tabla: 'usuarios', tipo: 2 }, { tabla: 'nada' }];
    const check = async () => {
      for (const f of groups) expect(await listed(f), JSON.stringify(f)).toBe(await exact(f));
    };
    await check();
    await createUser(t.db, { roles: [Role.Alumno] });
    await t.db.execute(sql`update usuarios set nombre = nombre || 'y' where id = (select max(id) from usuarios)`);
    await check();
    await advanceAuditCount(t.db);
    await check();
    await createUser(t.db, { roles: [Role.Profesor] });
    await check();
    await advanceAuditCount(t.db);
    await check();
  });
});
