import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.js';
import { serverUrl } from './test-database.js';

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

// PGlite only: the PostgreSQL run leaves it to the PGlite run, which runs the same test.
describe.skipIf(serverUrl())('embedded database lock (one process per DATA_DIR)', () => {
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
