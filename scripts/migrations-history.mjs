// The migrations gate's second half (docs/decisions/016-migrations-by-drizzle-kit.md): the ledger
// (meta/_hashes.txt) proves a merged file unchanged only while the ledger itself is left alone. A change that
// edits a merged migration and its hash line together passes the ledger check, so this one asks git: along the
// current branch's history (its first parents: the commits the branch was at), the working tree must hold every
// migration file and every line of the ledger as that history first had them. History before the ledger's own
// commit is not judged: migrations were still edited then (0001-0018).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DRIZZLE = 'apps/api/drizzle';
const LEDGER = `${DRIZZLE}/meta/_hashes.txt`;
// The files the ledger guards: the SQL and drizzle-kit's snapshots (the journal grows, checked apart).
const isMigrationFile = (file) => new RegExp(`^${DRIZZLE}/([^/]+\\.sql|meta/[^/]+_snapshot\\.json)$`).test(file);

/**
 * What the branch's history says about the working tree's migrations: `problems` (each a violation) and
 * `notes` (why the check was partial or skipped: no git, no commit, a shallow clone). `base` is the branch whose
 * history counts: MIGRATIONS_BASE, else the current one (HEAD). The current branch rather than main: a branch
 * behind main would otherwise be told that main's newer migrations are missing; and every commit of main is in
 * the history of a branch made from it.
 */
export function checkMergedHistory(root, base = process.env.MIGRATIONS_BASE) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  const problems = [];
  const notes = [];
  // The folder must be a clone's top: a copy without .git placed inside another checkout would read that one's.
  const top = git('rev-parse', '--show-toplevel');
  if (top.error || top.status !== 0 || fs.realpathSync(top.stdout.trim()) !== fs.realpathSync(root)) {
    notes.push(
      "the branch's history not checked: no git here (a copy without .git, or git not installed). Only the " +
        'ledger was compared; run the gate in a clone of the repository to check that no merged migration ' +
        'or ledger line was edited.',
    );
    return { problems, notes };
  }
  const ref = base || 'HEAD';
  if (git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`).status !== 0) {
    // A base named by mistake fails rather than skipping the check unseen.
    if (base) problems.push(`MIGRATIONS_BASE names ${base}, which is no commit here: nothing to compare with.`);
    else notes.push("the branch's history not checked: it has no commit yet.");
    return { problems, notes };
  }
  if (git('rev-parse', '--is-shallow-repository').stdout.trim() === 'true')
    notes.push(
      `a shallow clone: only the fetched commits of ${ref} were compared, so an edit older than them goes ` +
        'unseen. `git fetch --unshallow` for the whole history.',
    );

  // Oldest first: each commit of the branch that touched the folder. A file's and a ledger line's first version
  // there is the merged one; a later commit that differs is remembered to name it (reverting the edit brings the
  // gate back: it judges the working tree).
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
    notes.push(`the branch's history not checked: no commit of ${ref} holds ${LEDGER} (a shallow clone?).`);
    return { problems, notes };
  }

  // The working tree against what the branch merged.
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
    if (i === -1) problems.push(`${file}, first committed in ${commit}, is missing${where(editedBy)}.`);
    else if (blobs[i] !== blob) problems.push(`${file} differs from what ${commit} first committed${where(editedBy)}.`);
  }
  const ledger = path.join(root, LEDGER);
  const current = new Set(fs.existsSync(ledger) ? ledgerLinesOf(fs.readFileSync(ledger, 'utf8')) : []);
  for (const { line, commit } of mergedLines.values())
    if (!current.has(line))
      problems.push(`${LEDGER}: the line "${line}", first committed in ${commit}, was edited or removed.`);
  if (problems.length)
    problems.push(
      `A committed migration, and its line in ${LEDGER}, is never edited (not even both together): put the ` +
        'change in a new migration (npm run db:generate, docs/decisions/016-migrations-by-drizzle-kit.md). ' +
        'One committed only on a branch of your own and never merged may be redone there: compare with ' +
        "main's history instead (MIGRATIONS_BASE=main).",
    );
  return { problems, notes };
}

const ledgerLinesOf = (text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
