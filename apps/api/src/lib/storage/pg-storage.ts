import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { FileStorage, StorageWriter } from './storage.js';

/** Parts read per round trip when a file is streamed out (1 MB). */
const PARTS_PER_READ = 4;

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const codeOf = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};

/** PGlite answers a bytea as a Uint8Array, node-postgres as a Buffer. */
const asBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Files in PostgreSQL (archivos_contenido, archivos_partes). A file is written under a row without a hash,
 * one part per statement (each commits on its own, so no transaction stays open while the client sends), and
 * named by its SHA-256 once the last part is in; until then no reader can find it. An identical file already
 * kept wins: the new copy is dropped.
 */
export function pgStorage(db: Db): FileStorage {
  return {
    async create() {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into archivos_contenido default values returning id::float8 as id`,
      );
      return pgWriter(db, row!.id);
    },

    async read(sha256) {
      const [found] = await rows<{ id: number }>(
        db,
        sql`select id::float8 as id from archivos_contenido where sha256 = ${sha256}`,
      );
      if (!found) return undefined;
      return readParts(db, found.id);
    },

    async forget(sha256s) {
      for (const sha256 of sha256s) {
        try {
          await db.execute(sql`delete from archivos_contenido where sha256 = ${sha256}`);
        } catch (err) {
          // Still named by some row (a hand-in of the same bytes): kept.
          if (codeOf(err) !== FOREIGN_KEY_VIOLATION) throw err;
        }
      }
    },
  };
}

function pgWriter(db: Db, id: number): StorageWriter {
  const hash = createHash('sha256');
  let n = 0;
  let bytes = 0;
  return {
    async write(part) {
      hash.update(part);
      await db.execute(sql`insert into archivos_partes (contenido_id, n, datos) values (${id}, ${n}, ${part})`);
      n += 1;
      bytes += part.length;
    },
    async finish() {
      const sha256 = hash.digest('hex');
      try {
        const named = await rows<{ id: number }>(
          db,
          sql`update archivos_contenido set sha256 = ${sha256}, bytes = ${bytes}
               where id = ${id} and not exists (select 1 from archivos_contenido where sha256 = ${sha256})
               returning id`,
        );
        if (named.length) return { sha256, bytes };
      } catch (err) {
        // The same bytes finished by another upload between the check and the update.
        if (codeOf(err) !== UNIQUE_VIOLATION) throw err;
      }
      await db.execute(sql`delete from archivos_contenido where id = ${id}`);
      return { sha256, bytes };
    },
    async abort() {
      await db.execute(sql`delete from archivos_contenido where id = ${id}`);
    },
  };
}

/** A file kept in PostgreSQL, a few parts per round trip (also read by the S3 store: files kept before it). */
export async function* readParts(db: Db, id: number): AsyncGenerator<Buffer> {
  for (let from = 0; ; from += PARTS_PER_READ) {
    const parts = await rows<{ datos: Uint8Array }>(
      db,
      sql`select datos from archivos_partes
           where contenido_id = ${id} and n >= ${from} and n < ${from + PARTS_PER_READ} order by n`,
    );
    for (const part of parts) yield asBuffer(part.datos);
    if (parts.length < PARTS_PER_READ) return;
  }
}
