// The migrations gate's second half (docs/decisions/016-migrations-by-drizzle-kit.md): the ledger
// (meta/_hashes.txt) proves a merged file unchanged only while the ledger itself is left alone. A branch that
// edits a merged migration and its hash line together passes the ledger check, so this one asks git: along
// main's history (its first parents: the commits main was at), the working tree must hold every migration file
// and every line of the ledger as main first had them. History before the ledger's own commit is not judged:
// migrations were still edited then (0001-0018).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DRIZZLE = 'apps/api/drizzle';
const LEDGER = `${DRIZZLE}/meta/_hashes.txt`;
// The files the ledger guards: the SQL and drizzle-kit's snapshots (the journal grows, checked apart).
const isMigrationFile = (file) => new RegExp(`^${DRIZZLE}/([^/]+\\.sql|meta/[^/]+_snapshot\\.json)$`).test(file);

/**
 * What main's history says about the working tree's migrations: `problems` (each a violation) and `notes`
 * (why the check was partial or skipped: no git, no main, a shallow clone). `base` is the branch whose
 * history counts: MIGRATIONS_BASE, else `main`, else `origin/main`.
 */
export function checkMergedHistory(root, base = process.env.MIGRATIONS_BASE) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  const problems = [];
  const notes = [];
  const inside = git('rev-parse', '--is-inside-work-tree');
  if (inside.error || inside.status !== 0) {
    notes.push(
      "main's history not checked: no git here (a copy without .git, or git not installed). Only the " +
        'ledger was compared; run the gate in a clone of the repository to check that no merged migration ' +
        'or ledger line was edited.',
    );
    return { problems, notes };
  }
  const ref = [base, 'main', 'origin/main'].find(
    (candidate) => candidate && git('rev-parse', '--verify', '--quiet', `${candidate}^{commit}`).status === 0,
  );
  if (!ref) {
    notes.push(
      `main's history not checked: no branch ${base ? `${base}, ` : ''}main or origin/main in this clone ` +
        '(`git fetch origin main`, or name the branch in MIGRATIONS_BASE).',
    );
    return { problems, notes };
  }
  if (git('rev-parse', '--is-shallow-repository').stdout.trim() === 'true')
    notes.push(
      `a shallow clone: only the fetched commits of ${ref} were compared, so an edit older than them goes ` +
        'unseen. `git fetch --unshallow` for the whole history.',
    );

  // Oldest first: each commit of main that touched the folder. A file's and a ledger line's first version in
  // main is the merged one; a later commit of main that differs is remembered to name it (reverting the edit
  // brings the gate back: it judges the working tree).
  const commits = git('log', '--first-parent', '--reverse', '--format=%H', ref, '--', DRIZZLE)
    .stdout.split('\n')
    .filter(Boolean);
  const merged = new Map(); // file -> { blob, commit, editedBy? }
  const mergedLines = new Map(); // file -> { line, commit } of the ledger
  for (const commit of commits) {
    const tree = new Map(
      git('ls-tree', '-r', commit, '--', `${DRIZZLE}/`)
        .stdout.split('\n')
        .filter(Boolean)
        .map((row) => {
          const [meta, file] = row.split('\t');
          return [file, meta.split(' ')[2]];
        }),
    );
    if (!tree.has(LEDGER)) continue;
    const short = commit.slice(0, 10);
    for (const [file, blob] of tree) {
      if (!isMigrationFile(file)) continue;
      const before = merged.get(file);
      if (!before) merged.set(file, { blob, commit: short });
      else if (before.blob !== blob) before.editedBy ??= short;
    }
    for (const [file, before] of merged) if (!tree.has(file)) before.editedBy ??= short;
    for (const line of ledgerLinesOf(git('show', `${commit}:${LEDGER}`).stdout)) {
      const file = line.split(/\s+\*?/)[1];
      if (!mergedLines.has(file)) mergedLines.set(file, { line, commit: short });
    }
  }
  if (!merged.size) {
    notes.push(`main's history not checked: no commit of ${ref} holds ${LEDGER} (a shallow clone?).`);
    return { problems, notes };
  }

  // The working tree against what main merged.
  const files = [...merged.keys()];
  const present = files.filter((file) => fs.existsSync(path.join(root, file)));
  const blobs = spawnSync('git', ['hash-object', '--stdin-paths'], {
    cwd: root,
    input: present.join('\n'),
    encoding: 'utf8',
  }).stdout.split('\n');
  const where = (editedBy) => (editedBy ? ` (in ${ref} since ${editedBy})` : '');
  for (const file of files) {
    const { blob, commit, editedBy } = merged.get(file);
    const i = present.indexOf(file);
    if (i === -1) problems.push(`${file}, merged by ${commit}, is missing${where(editedBy)}.`);
    else if (blobs[i] !== blob) problems.push(`${file}, merged by ${commit}, was edited${where(editedBy)}.`);
  }
  const current = new Set(ledgerLinesOf(fs.readFileSync(path.join(root, LEDGER), 'utf8')));
  for (const { line, commit } of mergedLines.values())
    if (!current.has(line)) problems.push(`${LEDGER}: the line "${line}", merged by ${commit}, was edited or removed.`);
  if (problems.length)
    problems.push(
      `A merged migration, and its line in ${LEDGER}, is never edited (not even both together): put the ` +
        'change in a new migration (npm run db:generate, docs/decisions/016-migrations-by-drizzle-kit.md).',
    );
  return { problems, notes };
}

const ledgerLinesOf = (text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
