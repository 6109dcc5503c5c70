import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite keeps no lock of its own: two processes opening one data directory both "work" for a while and then
 * corrupt it (seen: a third open aborted inside the WebAssembly build). Running `npm start` in a second
 * terminal, or `npm run seed:demo` beside a running server, must therefore be refused before PGlite opens.
 */
const LOCK_FILE = 'arandu.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La base de datos embebida en ${dataDir} ya está en uso por otro proceso de Arandu (pid ${pid}). ` +
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
 * Takes the data directory for this process (a file created with O_EXCL, so two starts at the same moment
 * cannot both win) and returns the release. A lock left by a process that no longer exists (killed, power
 * cut) is taken over. Known gap: two processes taking over the same dead lock in the same instant can both get
 * through (one removes the file the other just wrote); it needs a crash and two starts at once.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        if ((await readOwner(file)) === process.pid) await fs.rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readOwner(file);
      if (owner !== null && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      await fs.rm(file, { force: true });
    }
  }
  const owner = await readOwner(file);
  throw new DataDirInUseError(dataDir, owner ?? 0);
}
