import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README read against the code (issue 44: it named a table `importaciones` that does not exist): every table
 * it names ('tabla `x`', 'tablas `x`, `y` y `z`') is a table of the drizzle schema or a view of the migrations,
 * and every `npm run x` it gives is a script of the root or of a workspace's package.json.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

function schemaTables(): Set<string> {
  const names = new Set<string>();
  const schemaDir = path.join(ROOT, 'apps/api/src/db/schema');
  for (const f of readdirSync(schemaDir)) {
    for (const m of readFileSync(path.join(schemaDir, f), 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g))
      names.add(m[1]!);
  }
  const drizzleDir = path.join(ROOT, 'apps/api/drizzle');
  for (const f of readdirSync(drizzleDir).filter((x) => x.endsWith('.sql'))) {
    for (const m of readFileSync(path.join(drizzleDir, f), 'utf8').matchAll(
      /CREATE (?:OR REPLACE )?VIEW "([a-z_0-9]+)"/g,
    ))
      names.add(m[1]!);
  }
  return names;
}

function scripts(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['.', 'apps/api', 'apps/web', 'packages/shared']) {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    for (const name of Object.keys(pkg.scripts ?? {})) names.add(name);
  }
  return names;
}

/** 'tabla `a`', 'tablas `a`, `b` y `c`': the backticked names that follow the word, across one line break. */
function tablesNamed(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\btablas?\s+((?:`[^`]+`(?:,\s*|\s+y\s+|\s+e\s+)?)+)/gi)) {
    for (const t of m[1]!.matchAll(/`([^`]+)`/g)) out.push(t[1]!);
  }
  return out;
}

describe('README', () => {
  it('names only tables that exist', () => {
    const named = tablesNamed(readme);
    expect(named.length).toBeGreaterThan(0);
    const tables = schemaTables();
    expect(named.filter((t) => !tables.has(t))).toEqual([]);
    // The one the issue found: no table of that name.
    expect(tables.has('importaciones')).toBe(false);
  });

  it('gives only npm commands that package.json has', () => {
    const named = [...readme.matchAll(/npm run ([a-z0-9:_-]+)/gi)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    const known = scripts();
    expect([...new Set(named.filter((s) => !known.has(s)))]).toEqual([]);
  });

  it('no longer says correlatives do not exist', () => {
    expect(readme).not.toMatch(/correlativas? (todavía )?no (existen|están)|sin correlativas todavía/i);
  });
});
