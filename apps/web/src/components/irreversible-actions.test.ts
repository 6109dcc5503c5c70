import * as shared from '@arandu/shared';
import type { EndpointDef } from '@arandu/shared';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 43 item 2: nothing that cannot be undone runs without a confirmation. The actions are read from the
 * code, not listed by hand: every endpoint of the contract that deletes, seals, rectifies, publishes, reopens,
 * revokes, ends sessions, moves students or applies an import; the web's calls of each are followed from the
 * function that calls it, through the hooks that wrap it, to the screens that use it, and each screen must
 * ask first with the one dialog (confirmDialog, or useConfirmDelete that opens it).
 */

const IRREVERSIBLE_PATH =
  /\/(stamp|open|publish|rectificaciones|reset|disable|move-inscription|mover|seccion-paralela|reset_password)(\/|$)/;

/** Endpoints whose effect cannot be undone, from the contract. */
function irreversibleEndpoints(): Map<string, EndpointDef> {
  const found = new Map<string, EndpointDef>();
  for (const [group, value] of Object.entries(shared)) {
    if (!group.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    for (const [key, def] of Object.entries(value as Record<string, EndpointDef>)) {
      if (typeof def !== 'object' || !('method' in def)) continue;
      const applyImport = group === 'importsEndpoints' && key === 'run';
      if (def.method === 'DELETE' || (def.method !== 'GET' && IRREVERSIBLE_PATH.test(def.path)) || applyImport)
        found.set(`${group}.${key}`, def);
    }
  }
  return found;
}

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/test/') ? [path] : [];
  });
}

interface Declaration {
  file: string;
  name: string;
  exported: boolean;
  text: string;
}

/** A file's top-level declarations (functions and consts at column 0), each with its text. */
function declarations(file: string, text: string): Declaration[] {
  const starts = [...text.matchAll(/^(export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let)\s+(\w+)/gm)];
  return starts.map((m, i) => ({
    file,
    name: m[2] ?? '',
    exported: Boolean(m[1]),
    text: text.slice(m.index, starts[i + 1]?.index ?? text.length),
  }));
}

/** `import { a as b, c } from '@arandu/shared'`: local name -> exported name. */
function sharedImports(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@arandu\/shared'/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [from, as] = part
        .replace(/\btype\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (from) names.set((as ?? from).trim(), from.trim());
    }
  }
  return names;
}

/** The irreversible endpoints a declaration calls (`call(e.remove`, `call(x ? e.a : e.b`, `call(e[to]` with 'stamp'). */
function callsIn(decl: Declaration, aliases: Map<string, string>, endpoints: Map<string, EndpointDef>): string[] {
  if (!/\bcall(Route)?\(/.test(decl.text)) return [];
  const hits = new Set<string>();
  for (const [local, group] of aliases) {
    for (const m of decl.text.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, 'g')))
      if (endpoints.has(`${group}.${m[1]}`)) hits.add(`${group}.${m[1]}`);
    if (new RegExp(`\\b${local}\\[`).test(decl.text))
      for (const m of decl.text.matchAll(/'(\w+)'/g))
        if (endpoints.has(`${group}.${m[1]}`)) hits.add(`${group}.${m[1]}`);
  }
  return [...hits];
}

/**
 * A screen asks before it acts: the shared dialog, the delete flow that opens it, or the re-authentication
 * modal (password and code, its 'Si, …' button naming the action) where the server wants proof of identity.
 */
const ASKS = /\bconfirmDialog\(|\buseConfirmDelete\s*[<(]|<ReauthModal\b/;

/**
 * Screens that pass the action on to a component which asks (read from here, checked to still hold), or
 * whose own form is the confirmation.
 */
const DELEGATES: Record<string, string> = {
  // Its own form is the confirmation: '¿Quitar «…»? Ya no servirá para ingresar', password and code (issue 41).
  'features/security/components/remove-passkey-modal.tsx': 'features/security/components/remove-passkey-modal.tsx',
  'features/exams/components/rectification-form.tsx': 'components/rectification/rectification-form.tsx',
  'features/subject-periods/components/subject-rectification-form.tsx':
    'components/rectification/rectification-form.tsx',
  // The catalogue pages hand their delete mutation to CatalogueList, which asks (useConfirmDelete) before it runs.
  'features/careers/pages/carreras-page.tsx': 'components/data-list/catalogue-list.tsx',
  'features/rooms/pages/aulas-page.tsx': 'components/data-list/catalogue-list.tsx',
  'features/subjects/pages/materias-page.tsx': 'components/data-list/catalogue-list.tsx',
};

function readAll(): string[] {
  return sources(SRC).map((file) => readFileSync(file, 'utf8'));
}

function findUnconfirmed() {
  const endpoints = irreversibleEndpoints();
  const files = sources(SRC).map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));
  // name -> what it ends up calling, for the declarations that run an irreversible action unasked.
  const runs = new Map<string, { file: string; actions: Set<string> }>();
  const asked = new Set<string>();
  const offenders: string[] = [];
  const reached = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const { file, text } of files) {
      const aliases = new Map([...sharedImports(text)].filter(([, from]) => from.endsWith('Endpoints')));
      const guarded = ASKS.test(text) && !file.endsWith('confirm-dialog.ts') && !file.endsWith('use-confirm-delete.ts');
      const delegate = DELEGATES[file];
      for (const decl of declarations(file, text)) {
        const key = `${file}#${decl.name}`;
        if (runs.has(key) || asked.has(key)) continue;
        const actions = new Set(callsIn(decl, aliases, endpoints));
        for (const [name, found] of runs) {
          const [where, fn] = name.split('#') as [string, string];
          const visible =
            where === file ||
            new RegExp(`\\b${fn}\\b`).test(
              text
                .split('\n')
                .filter((l) => l.startsWith('import'))
                .join('\n'),
            );
          if (visible && fn !== decl.name && new RegExp(`\\b${fn}\\b`).test(decl.text))
            for (const action of found.actions) actions.add(action);
        }
        if (actions.size === 0) continue;
        grew = true;
        for (const action of actions) reached.add(action);
        const screen = /^[A-Z]/.test(decl.name) || file.endsWith('.tsx');
        const delegated =
          delegate !== undefined && (delegate === file || ASKS.test(readFileSync(join(SRC, delegate), 'utf8')));
        if (guarded || delegated) asked.add(key);
        else if (screen && /^[A-Z]/.test(decl.name)) {
          asked.add(key);
          offenders.push(`${file} ${decl.name}: ${[...actions].join(', ')}`);
        } else runs.set(key, { file, actions });
      }
    }
  }
  return { endpoints, reached, offenders };
}

describe('irreversible actions', () => {
  const { endpoints, reached, offenders } = findUnconfirmed();

  it('finds the actions in the contract and their calls in the web', () => {
    // The scan reads what it should: seals, rectifications, publishing, reopening, deletions, sessions, imports.
    for (const action of [
      'examenEndpoints.stamp',
      'examenEndpoints.open',
      'examenEndpoints.rectificar',
      'examenEndpoints.remove',
      'homeworkEndpoints.publish',
      'homeworkEndpoints.stamp',
      'materiaPeriodoEndpoints.rectificar',
      'sessionEndpoints.endMyOthers',
      'importsEndpoints.run',
    ])
      expect([...endpoints.keys()]).toContain(action);
    for (const action of ['examenEndpoints.rectificar', 'homeworkEndpoints.stamp', 'sessionEndpoints.endAllOfUser'])
      expect([...reached]).toContain(action);
  });

  it('reaches every irreversible endpoint the web calls at all', () => {
    const called = readAll().filter((text) => /\bcall(Route)?\(/.test(text));
    const unreached = [...endpoints.keys()].filter((action) => {
      const [group, key] = action.split('.') as [string, string];
      const used = called.some((text) => text.includes(group) && new RegExp(`\\.${key}\\b|'${key}'`).test(text));
      return used && !reached.has(action);
    });
    expect(unreached).toEqual([]);
  });

  it('runs each one only after the confirmation dialog', () => {
    expect(offenders).toEqual([]);
  });
});
