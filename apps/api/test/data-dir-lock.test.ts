import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.js';

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

const LOCK_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../src/db/data-dir-lock.ts')).href;

/**
 * Another Arandu process, as far as the lock goes: it loads the lock, says 'lista', and on each line 'toma' on
 * its standard input tries to take `dir`, saying 'tomado' or 'rechazado <pid>'. It holds what it took until
 * it is killed.
 */
function otherProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createInterface } from 'node:readline';
       const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
       const say = (line) => process.stdout.write(line + '\\n');
       createInterface({ input: process.stdin }).on('line', () =>
         lockDataDir(process.argv[1]).then(() => say('tomado'), (e) => say('rechazado ' + e.pid)));
       say('lista');`,
      dir,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  return {
    pid: child.pid!,
    next,
    take: () => child.stdin.write('toma\n'),
    async kill() {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}

// Run by both suites (PGlite and the PostgreSQL server's): it needs only a folder, and PGlite opens one there.
describe('embedded database lock (one process per DATA_DIR)', () => {
  let dir: string;
  const lockFile = () => path.join(dir, 'arandu.lock');
  /** The lock is this process's: its pid in the file, and another taker refused. */
  async function expectHeld() {
    await expect(fs.readFile(lockFile(), 'utf8')).resolves.toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
  }
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-lock-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first is alive, and lets one in once it is released', async () => {
    const release = await lockDataDir(dir);
    const refused = await lockDataDir(dir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`ya está en uso por otro proceso de Arandu (pid ${process.pid})`);

    await release();
    await expect(fs.readdir(dir)).resolves.toEqual([]);
    const again = await lockDataDir(dir);
    await expectHeld();
    await again();
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    await fs.writeFile(lockFile(), String(deadPid()));
    const release = await lockDataDir(dir);
    await expectHeld();
    await release();
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });

  it('takes over a lock file with no pid in it (emptied by hand)', async () => {
    await fs.writeFile(lockFile(), '');
    const release = await lockDataDir(dir);
    await expectHeld();
    await release();
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });

  it('refuses while another live process holds it, naming that pid, and takes over once that one is killed', async () => {
    const other = otherProcess(dir);
    try {
      expect(await other.next()).toBe('lista');
      other.take();
      expect(await other.next()).toBe('tomado');
      const refused = await lockDataDir(dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as DataDirInUseError).pid).toBe(other.pid);
      expect((refused as Error).message).toContain(`(pid ${other.pid})`);
    } finally {
      await other.kill();
    }
    // Killed, it left its lock behind: the next start takes it over.
    await expect(fs.readFile(lockFile(), 'utf8')).resolves.toBe(String(other.pid));
    const release = await lockDataDir(dir);
    await expectHeld();
    await release();
  });

  it('lets exactly one of several processes starting at the same moment take it', async () => {
    const others = [otherProcess(dir), otherProcess(dir), otherProcess(dir)];
    try {
      for (const other of others) expect(await other.next()).toBe('lista');
      // All loaded and waiting: the same instant, as near as three processes get.
      for (const other of others) other.take();
      const answers = await Promise.all(others.map((other) => other.next()));
      const winners = others.filter((_, i) => answers[i] === 'tomado');
      expect(winners).toHaveLength(1);
      expect(answers.filter((a) => a === `rechazado ${winners[0]!.pid}`)).toHaveLength(others.length - 1);
      await expect(fs.readFile(lockFile(), 'utf8')).resolves.toBe(String(winners[0]!.pid));
    } finally {
      await Promise.all(others.map((other) => other.kill()));
    }
  });

  it('keeps a second PGlite from opening a data directory in use, and frees it on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await expectHeld();
    await first.close();
    await expect(fs.access(lockFile())).rejects.toThrow();

    const second = await openDatabase({ dataDir: dir });
    await expectHeld();
    await second.close();
    await expect(fs.access(lockFile())).rejects.toThrow();
  });
});
