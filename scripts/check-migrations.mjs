// Migrations gate (docs/decisions/016-migrations-by-drizzle-kit.md), run by .ci/run beside the lint:
// 1. no merged migration changed: every file of apps/api/drizzle (SQL and drizzle-kit snapshots) has the SHA-256
//    that meta/_hashes.txt lists for it, and none is missing from that list; and, since the ledger proves nothing
//    when a change edits a migration and its line together, the branch's history agrees: the working tree holds
//    every migration file and ledger line as the branch's history first committed them (migrations-history.mjs);
// 2. the journal runs in order: one entry a SQL file, with a `when` above the one before (the migrator applies
//    only migrations newer than the newest it has applied);
// 3. the TypeScript schema and the migrations agree: `drizzle-kit generate`, run on a copy of the folder, would
//    write nothing.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { checkMergedHistory } from './migrations-history.mjs';

const API = path.join(ROOT, 'apps/api');
const MIGRATIONS = path.join(API, 'drizzle');
const HASHES = path.join(MIGRATIONS, 'meta/_hashes.txt');
const relativeToRoot = (file) => path.relative(ROOT, file);

const problems = [];

/** The migration files under the list: the SQL and the snapshots; the journal grows, so it is checked apart. */
function migrationFiles() {
  const sql = fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
  const snapshots = fs
    .readdirSync(path.join(MIGRATIONS, 'meta'))
    .filter((f) => f.endsWith('_snapshot.json'))
    .map((f) => `meta/${f}`);
  return [...sql, ...snapshots].sort();
}

const sha256 = (file) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(MIGRATIONS, file)))
    .digest('hex');

function checkHashes() {
  // The format of `sha256sum`: "<hex>  <path relative to apps/api/drizzle>".
  const listed = new Map(
    fs
      .readFileSync(HASHES, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        const [hash, file] = line.split(/\s+\*?/);
        return [file, hash];
      }),
  );
  const files = migrationFiles();
  for (const [file, hash] of listed) {
    if (!files.includes(file)) problems.push(`${file}: listed in ${relativeToRoot(HASHES)} but missing`);
    else if (sha256(file) !== hash)
      problems.push(
        `${file} changed after it was merged. A merged migration is never edited: put the change in a new ` +
          'migration (npm run db:generate, docs/decisions/016-migrations-by-drizzle-kit.md).',
      );
  }
  const unlisted = files.filter((file) => !listed.has(file));
  if (unlisted.length)
    problems.push(
      `not in ${relativeToRoot(HASHES)}: ${unlisted.join(', ')}. A new migration's files are listed in the ` +
        'commit that adds them (from then on they are never edited); append these lines:\n' +
        unlisted.map((file) => `${sha256(file)}  ${file}`).join('\n'),
    );
}

function checkJournal() {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const sql = fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
  const tags = journal.entries.map((entry) => `${entry.tag}.sql`);
  for (const file of sql.filter((f) => !tags.includes(f)))
    problems.push(`${file} is not in meta/_journal.json: the migrator would never run it`);
  journal.entries.forEach((entry, i) => {
    if (!sql.includes(`${entry.tag}.sql`))
      problems.push(`meta/_journal.json lists ${entry.tag}, which has no SQL file`);
    if (entry.idx !== i) problems.push(`meta/_journal.json: ${entry.tag} has idx ${entry.idx}, expected ${i}`);
    const before = journal.entries[i - 1];
    if (before && entry.when <= before.when)
      problems.push(
        `meta/_journal.json: ${entry.tag} has "when" ${entry.when}, not after ${before.tag}'s ${before.when}: ` +
          'a database migrated past the one before would skip it',
      );
  });
}

function checkGenerateWritesNothing() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-migrations-'));
  try {
    const out = path.join(scratch, 'drizzle');
    fs.cpSync(MIGRATIONS, out, { recursive: true });
    // The project's config with another output folder; drizzle-kit wants it relative to the working directory.
    const config = path.join(scratch, 'drizzle.config.ts');
    fs.writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(API, 'drizzle.config.ts'))};\n` +
        `export default { ...base, out: ${JSON.stringify(path.relative(API, out))} };\n`,
    );
    const before = listFiles(out);
    // No terminal: where drizzle-kit would ask (a table created or renamed?) it fails instead, which fails here.
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config],
      { cwd: API, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const written = listFiles(out).filter((f) => !before.includes(f));
    const output = `${run.stdout}${run.stderr}`.trim();
    if (run.status !== 0 || written.length || !output.includes('No schema changes')) {
      const sql = written.filter((f) => f.endsWith('.sql'));
      const asks = output.includes('Interactive prompts require a TTY')
        ? 'drizzle-kit asks whether a table or column is new or renamed: answer it in a terminal. '
        : '';
      problems.push(
        'drizzle-kit generate would write a migration: the schema (apps/api/src/db/schema) and the migrations ' +
          'differ. Generate the migration with `npm run db:generate -- --name <what>`, or make the schema ' +
          `declare what the migrations made. ${asks}\n` +
          (sql.length ? sql.map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('\n') : output),
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function listFiles(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

checkHashes();
const history = checkMergedHistory(ROOT);
problems.push(...history.problems);
for (const note of history.notes) console.warn(`Migrations: ${note}`);
checkJournal();
checkGenerateWritesNothing();
if (problems.length) {
  console.error(`Migrations: ${problems.length} problem(s)\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(
  `Migrations: merged files unchanged${history.notes.length ? '' : " (ledger and the branch's history)"}, journal in ` +
    'order, drizzle-kit generate writes nothing',
);
