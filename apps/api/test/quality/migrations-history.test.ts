import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The migrations gate against git history (scripts/migrations-history.mjs, issue 42 item 4): a change that edits
 * a committed migration and its line of the ledger together passes the ledger check, and must fail this one.
 * Shown on small repositories made here, and on a clone of this repository with the gate run as CI runs it.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const HISTORY = pathToFileURL(path.join(ROOT, 'scripts/migrations-history.mjs')).href;
const DRIZZLE = 'apps/api/drizzle';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-migrations-history-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Prueba',
  GIT_AUTHOR_EMAIL: 'prueba@facultad.edu.py',
  GIT_COMMITTER_NAME: 'Prueba',
  GIT_COMMITTER_EMAIL: 'prueba@facultad.edu.py',
};

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

/** What the gate's history half says about `root`, run in its own Node process as the gate runs it. */
function checkHistory(root: string, env: NodeJS.ProcessEnv = {}): { problems: string[]; notes: string[] } {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { checkMergedHistory } from ${JSON.stringify(HISTORY)};
       console.log(JSON.stringify(checkMergedHistory(process.argv[1])));`,
      root,
    ],
    { encoding: 'utf8', env: { ...process.env, MIGRATIONS_BASE: '', ...env } },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { problems: string[]; notes: string[] };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A repository holding a migrations folder as this one does: files, and the ledger of their hashes. */
function writeMigrations(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, DRIZZLE, file)), { recursive: true });
    fs.writeFileSync(path.join(root, DRIZZLE, file), text);
  }
  const ledger = Object.entries(files)
    .filter(([file]) => !file.endsWith('_journal.json'))
    .map(([file, text]) => `${sha256(text)}  ${file}`)
    .join('\n');
  fs.writeFileSync(path.join(root, DRIZZLE, 'meta/_hashes.txt'), `${ledger}\n`);
}

const FIRST = {
  '0000_init.sql': 'create table carreras (id serial primary key);\n',
  'meta/0000_snapshot.json': '{"id":"0"}\n',
};
const SECOND = { ...FIRST, '0001_materias.sql': 'create table materias (id serial primary key);\n' };

function newRepository(name: string): string {
  const root = path.join(scratch, name);
  fs.mkdirSync(root);
  git(root, 'init', '-q', '-b', 'main');
  writeMigrations(root, FIRST);
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'primera migración');
  writeMigrations(root, SECOND);
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'segunda migración');
  return root;
}

describe("the migrations gate against the branch's history", () => {
  it('passes a tree that holds every migration and ledger line as first committed', () => {
    expect(checkHistory(newRepository('limpio'))).toEqual({ problems: [], notes: [] });
  });

  it('fails a merged migration edited together with its ledger line, before and after the edit is committed', () => {
    const root = newRepository('editada');
    const first = git(root, 'rev-parse', '--short=10', 'HEAD~1');
    // The edit with its new hash in the ledger: the ledger check alone (check-migrations.mjs) agrees with it.
    writeMigrations(root, { ...SECOND, '0000_init.sql': 'create table carreras (id bigserial primary key);\n' });

    const uncommitted = checkHistory(root);
    expect(uncommitted.problems).toEqual([
      `${DRIZZLE}/0000_init.sql differs from what ${first} first committed.`,
      `${DRIZZLE}/meta/_hashes.txt: the line "${sha256(FIRST['0000_init.sql'])}  0000_init.sql", first committed in ${first}, was edited or removed.`,
      expect.stringContaining('is never edited (not even both together): put the change in a new migration'),
    ]);

    git(root, 'commit', '-qam', 'edita la migración y su línea');
    const editedBy = git(root, 'rev-parse', '--short=10', 'HEAD');
    const committed = checkHistory(root);
    expect(committed.problems[0]).toBe(
      `${DRIZZLE}/0000_init.sql differs from what ${first} first committed (in HEAD since ${editedBy}).`,
    );
    expect(committed.problems).toHaveLength(3);

    // Undoing the edit (a new commit, history kept) brings the gate back: it judges the working tree.
    writeMigrations(root, SECOND);
    git(root, 'commit', '-qam', 'deshace la edición');
    expect(checkHistory(root).problems).toEqual([]);
  });

  it('fails a committed migration removed with its line, and a ledger line edited alone', () => {
    const root = newRepository('borrada');
    fs.rmSync(path.join(root, DRIZZLE, '0001_materias.sql'));
    writeMigrations(root, FIRST);
    expect(checkHistory(root).problems[0]).toMatch(/0001_materias\.sql, first committed in \w+, is missing\.$/);

    const other = newRepository('linea');
    const ledger = path.join(other, DRIZZLE, 'meta/_hashes.txt');
    fs.writeFileSync(ledger, fs.readFileSync(ledger, 'utf8').replace(sha256(FIRST['0000_init.sql']), '0'.repeat(64)));
    expect(checkHistory(other).problems[0]).toContain('0000_init.sql", first committed in');
  });

  it("judges the current branch's history: a branch behind main is not told main's newer migrations are missing", () => {
    const root = newRepository('ramas');
    git(root, 'checkout', '-q', '-b', 'atrasada', 'HEAD~1');
    expect(checkHistory(root).problems).toEqual([]);
    // The branch edits what main had committed before it branched off: that is in its history too.
    writeMigrations(root, { 'meta/0000_snapshot.json': '{"id":"0b"}\n', '0000_init.sql': FIRST['0000_init.sql'] });
    expect(checkHistory(root).problems[0]).toContain('meta/0000_snapshot.json differs from what');
    // Compared with main instead (MIGRATIONS_BASE), main's later migration is missing here.
    expect(checkHistory(root, { MIGRATIONS_BASE: 'main' }).problems.join('\n')).toContain(
      '0001_materias.sql, first committed in',
    );
  });

  it('says so when it cannot look (a copy without git, a shallow clone) and fails a base that names nothing', () => {
    const root = newRepository('origen');
    const copy = path.join(scratch, 'copia');
    fs.cpSync(path.join(root, 'apps'), path.join(copy, 'apps'), { recursive: true });
    const noGit = checkHistory(copy);
    expect(noGit.problems).toEqual([]);
    expect(noGit.notes[0]).toContain('no git here');

    const shallow = path.join(scratch, 'superficial');
    git(scratch, 'clone', '-q', '--depth', '1', pathToFileURL(root).href, shallow);
    expect(checkHistory(shallow).notes[0]).toContain('a shallow clone');

    // A base named by mistake is a problem, not a skip.
    expect(checkHistory(root, { MIGRATIONS_BASE: 'no-existe' }).problems[0]).toContain(
      'MIGRATIONS_BASE names no-existe, which is no commit here',
    );
  });
});

describe('scripts/check-migrations.mjs on a clone of this repository', () => {
  // The gate as CI runs it, on a clone of this repository's committed history: a merged migration edited with
  // its ledger line (the ledger check alone agrees with both) fails with the history's two problems and its
  // advice, and with nothing else (the journal and drizzle-kit's step pass in the clone).
  const ledgerOfHead = spawnSync('git', ['show', `HEAD:${DRIZZLE}/meta/_hashes.txt`], { cwd: ROOT, encoding: 'utf8' });
  it.skipIf(ledgerOfHead.status !== 0)(
    'exits 1 naming the file and its line',
    () => {
      const clone = path.join(scratch, 'clon');
      git(scratch, 'clone', '-q', '--shared', ROOT, clone);
      // The clone runs this checkout's gate (committed or not) with this checkout's installation (drizzle-kit).
      for (const script of ['check-migrations.mjs', 'migrations-history.mjs', 'lib.mjs'])
        fs.copyFileSync(path.join(ROOT, 'scripts', script), path.join(clone, 'scripts', script));
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
      const ledger = path.join(clone, DRIZZLE, 'meta/_hashes.txt');
      const [hash, file] = fs.readFileSync(ledger, 'utf8').split('\n')[0]!.split(/\s+/) as [string, string];
      const migration = path.join(clone, DRIZZLE, file);
      fs.appendFileSync(migration, '-- editada después de mezclada\n');
      const edited = createHash('sha256').update(fs.readFileSync(migration)).digest('hex');
      fs.writeFileSync(ledger, fs.readFileSync(ledger, 'utf8').replace(hash, edited));

      const gate = spawnSync(process.execPath, ['scripts/check-migrations.mjs'], {
        cwd: clone,
        encoding: 'utf8',
        env: { ...process.env, MIGRATIONS_BASE: '' },
      });
      expect(gate.status).toBe(1);
      expect(gate.stderr).toContain('Migrations: 3 problem(s)');
      expect(gate.stderr).toContain(`${DRIZZLE}/${file} differs from what`);
      expect(gate.stderr).toContain(`the line "${hash}  ${file}"`);
    },
    60_000,
  );
});
