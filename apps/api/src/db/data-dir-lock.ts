import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite keeps no lock of its own: two processes opening one data directory both "work" for a while and then
 * corrupt it (seen: a third open aborted inside the WebAssembly build). Running `npm start` in a second
 * terminal, or `npm run seed:demo` beside a running server, must therefore be refused before PGlite opens.
 */
export const LOCK_FILE = 'arandu.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `La base de datos embebida en ${dataDir} ya está en uso por otro proceso de Arandu` +
        `${pid === null ? '' : ` (pid ${pid})`}. ` +
        'Deténgalo antes de iniciar otro, o use otro DATA_DIR. Si ese proceso ya no existe, borre ' +
        `${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<number | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Takes the data directory for this process and returns the release. The lock appears whole, pid inside, by
 * hard-linking a file already written (a link fails if the name exists), so two starts at the same moment
 * cannot both win and none ever reads a half-written lock. A lock left by a process that no longer exists
 * (killed, power cut) is taken over. Known gap: two processes taking over the same dead lock in the same
 * instant can both get through (one removes the file the other just linked); it needs a crash and two
 * starts at once.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  const written = `${file}.${process.pid}`;
  // Unlinked first: a leftover of a crash may still share its inode with a lock, which writing would change.
  await fs.rm(written, { force: true });
  await fs.writeFile(written, String(process.pid));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.link(written, file);
        return async () => {
          if ((await readOwner(file)) === process.pid) await fs.rm(file, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const owner = await readOwner(file);
        // A second EEXIST right after taking over a dead lock: another start took it first.
        if ((owner !== null && isAlive(owner)) || attempt > 0) throw new DataDirInUseError(dataDir, owner);
        await fs.rm(file, { force: true });
      }
    }
  } finally {
    await fs.rm(written, { force: true });
  }
}
