import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { LOCK_FILE } from '../../db/data-dir-lock.js';

/**
 * Backups of the embedded database (issue 16). PGlite serves one process, so while Arandu runs only Arandu
 * can read it: the API listens on a Unix socket beside the data directory (in a directory only its owner
 * may enter: whoever can connect could copy the data directory anyway) and answers each connection with a
 * gzipped tar of the data directory, PGlite's own dump. `npm run backup` asks there, or, when Arandu is not
 * running, opens the directory itself.
 */
export function controlDir(dataDir: string): string {
  return `${path.resolve(dataDir)}.control`;
}
const socketPath = (dataDir: string) => path.join(controlDir(dataDir), 'backup.sock');

/**
 * A transactionally consistent copy: PGlite runs transactions one at a time, so inside one of its own the
 * dump sees no other half done; the checkpoint first writes every committed page into the files dumped.
 */
export async function dumpEmbedded(pglite: PGlite): Promise<Buffer> {
  const blob = await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
  return Buffer.from(await blob.arrayBuffer());
}

export function serveBackups(app: FastifyInstance, pglite: PGlite, dataDir: string): void {
  const server = net.createServer((socket) => {
    dumpEmbedded(pglite)
      .then((data) => socket.end(data))
      .catch((err: unknown) => {
        app.log.error({ err }, 'backup failed');
        socket.destroy();
      });
  });
  app.addHook('onReady', async () => {
    await fs.mkdir(controlDir(dataDir), { recursive: true, mode: 0o700 });
    await fs.chmod(controlDir(dataDir), 0o700);
    // A socket left by a process that died; the data directory's lock already proved this one owns it.
    await fs.rm(socketPath(dataDir), { force: true });
    server.listen(socketPath(dataDir));
    await once(server, 'listening');
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath(dataDir), { force: true });
  });
}

/** Asks a running Arandu for a backup; null when none listens on this data directory. */
export async function requestBackup(dataDir: string): Promise<Buffer | null> {
  const socket = net.connect(socketPath(dataDir));
  try {
    await once(socket, 'connect');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  if (data.length === 0) throw new Error('Arandu no pudo escribir la copia: vea su registro');
  return data;
}

/** Brings a backup back into an empty (or absent) data directory. */
export async function restoreEmbedded(backup: Buffer, dataDir: string): Promise<void> {
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${dataDir} no está vacío: la copia se restaura solo en un DATA_DIR vacío o nuevo`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([backup]) });
  await pglite.close();
  // The dump holds the lock file of the process that was running then.
  await fs.rm(path.join(dataDir, LOCK_FILE), { force: true });
}
