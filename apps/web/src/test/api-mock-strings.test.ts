import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 42 item 4: the web tests mock the API through the contract (`on(endpoint, reply)` in test/api-mock.ts),
 * so a renamed route or a changed reply breaks them when they are compiled. A hand-typed 'METHOD /api/...'
 * key would bring back what the compiler cannot see; a test's own fetch stub would go around the contract.
 */

const SRC = join(__dirname, '..');
const HERE = relative(SRC, __filename);

/** A quoted 'METHOD /api…', as the old mock table's keys were written (in a template literal too). */
const METHOD_PATH = /['"`](GET|POST|PUT|DELETE|PATCH) \/api/;
/** Replacing fetch by hand, around the mocks. */
const OWN_FETCH = /stubGlobal\(\s*['"`]fetch['"`]/;

/** The api client's own test reads replies on a made-up path no endpoint has; every other test uses mockApi. */
const TRANSPORT_TEST = 'lib/api-client.test.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file:line: text` for every line of the web's tests that `pattern` finds, but in the files `except` names. */
function offending(pattern: RegExp, except: string[] = []): string[] {
  return testFiles(SRC).flatMap((path) => {
    const name = relative(SRC, path);
    if (name === HERE || except.includes(name)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('web tests mock the API from the contract', () => {
  it("the checks find what they look for (a 'METHOD /api' key, a fetch stub)", () => {
    // Built here, so this file holds no such string for the check below to skip.
    const key = ["'", 'POST', ' /api/users/all', "'"].join('');
    expect(METHOD_PATH.test(`mockApi({ ${key}: () => json({}) })`)).toBe(true);
    expect(METHOD_PATH.test('`DELETE /api/users/${id}`')).toBe(true);
    expect(METHOD_PATH.test('on(userEndpoints.list, { items: [], totalItemsCount: 0 })')).toBe(false);
    expect(OWN_FETCH.test("vi.stubGlobal('fetch', vi.fn())")).toBe(true);
    // The scan reaches the tests of every folder, this one's and the api client's included.
    const names = testFiles(SRC).map((path) => relative(SRC, path));
    expect(names).toEqual(expect.arrayContaining([HERE, TRANSPORT_TEST, 'app/layout/app-layout.test.tsx']));
    expect(names.filter((name) => name.startsWith('features/')).length).toBeGreaterThan(20);
  });

  it("no web test names a call as a 'METHOD /api/...' string", () => {
    expect(offending(METHOD_PATH)).toEqual([]);
  });

  it('no web test stubs fetch itself, and only the api client test uses the transport stub', () => {
    expect(offending(OWN_FETCH)).toEqual([]);
    expect(offending(/\bstubFetch\(/, [TRANSPORT_TEST])).toEqual([]);
  });
});
