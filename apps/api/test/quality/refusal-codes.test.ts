import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/sql.js';
import { REFUSAL } from '../../src/lib/errors.js';
import { setupTestApp, type TestContext } from '../helper.js';

/**
 * Decision 025: every RAISE EXCEPTION of the migrated database's functions carries a code, and the API tells
 * refusals apart by it alone. A RAISE without one (a bare P0001 the API would have to read the text of), or with
 * a code lib/errors.ts does not list, fails here; so does a listed code no function raises any more.
 */
const RAISE = /RAISE\s+EXCEPTION\b[^;]*;/gi;
const ERRCODE = /USING\s+ERRCODE\s*=\s*'(\w+)'/i;
/** Codes PostgreSQL names that a trigger borrows on purpose: the seat cap (decision 024). */
const STANDARD = new Set(['check_violation']);

let t: TestContext;
let functions: { name: string; source: string }[];

beforeAll(async () => {
  t = await setupTestApp();
  functions = await rows<{ name: string; source: string }>(
    t.db,
    sql`select p.proname as name, p.prosrc as source
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the triggers' refusal codes", () => {
  it('every RAISE EXCEPTION names a code lib/errors.ts lists, and every listed code is raised', () => {
    const listed = new Set<string>(Object.values(REFUSAL));
    const problems: string[] = [];
    const raised = new Set<string>();
    for (const f of functions) {
      for (const [statement] of f.source.matchAll(RAISE)) {
        const code = ERRCODE.exec(statement)?.[1];
        if (code) raised.add(code);
        if (!code) problems.push(`${f.name}: no ERRCODE`);
        else if (!listed.has(code) && !STANDARD.has(code)) problems.push(`${f.name}: ${code} not in REFUSAL`);
      }
    }
    for (const code of listed) if (!raised.has(code)) problems.push(`${code}: raised by no function`);
    expect(problems).toEqual([]);
  });
});
