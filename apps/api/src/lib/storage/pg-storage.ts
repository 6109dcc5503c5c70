import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.js';
import { commitWithoutWaitingForDisk, rows } from '../../db/sql.js';
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
      // A part's commit does not wait for the disk: nothing relies on a part until `finish` names the file, and
      // that commit (synchronous) flushes the write-ahead log up to itself, so every part before it with it.
      // On a deadline rush this spares PostgreSQL one disk flush per 256 KB.
      await db.execute(
        sql`with sin_espera as (${commitWithoutWaitingForDisk(db)})
            insert into archivos_partes (contenido_id, n, datos) select ${id}, ${n}, ${part} from sin_espera`,
      );
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
  const pool = (db as { $client?: unknown }).$client;
  const read =
    pool instanceof pg.Pool ? (from: number) => copyParts(pool, id, from) : (from: number) => selectParts(db, id, from);
  for (let from = 0; ; from += PARTS_PER_READ) {
    const parts = await read(from);
    yield* parts;
    if (parts.length < PARTS_PER_READ) return;
  }
}

const partsQuery = (id: number, from: number) =>
  sql`select datos from archivos_partes
       where contenido_id = ${id} and n >= ${from} and n < ${from + PARTS_PER_READ} order by n`;

/** PGlite answers a bytea as bytes. */
async function selectParts(db: Db, id: number, from: number): Promise<Buffer[]> {
  const parts = await rows<{ datos: Uint8Array }>(db, partsQuery(id, from));
  return parts.map((p) => asBuffer(p.datos));
}

/**
 * On the PostgreSQL server the parts come by COPY in binary: node-postgres answers a bytea column as a hex
 * string (2 bytes of text per byte, decoded again into a Buffer), which for 'Descargar todas' of a class cost
 * most of the API's CPU and, as large strings that only a full collection frees, hundreds of MB of memory
 * (bench/README.md, bench/entregas). COPY's rows arrive as the bytes themselves. One batch at a time: the
 * connection goes back to the pool between batches, so a slow download never holds one.
 */
async function copyParts(pool: pg.Pool, id: number, from: number): Promise<Buffer[]> {
  const client = await pool.connect();
  const chunks: Buffer[] = [];
  try {
    // COPY takes no parameters: both numbers are integers the server made.
    const text = `copy (select datos from archivos_partes where contenido_id = ${Math.trunc(id)}
      and n >= ${Math.trunc(from)} and n < ${Math.trunc(from) + PARTS_PER_READ} order by n) to stdout (format binary)`;
    for await (const chunk of client.query(copyTo(text))) chunks.push(chunk as Buffer);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  client.release();
  return binaryCopyRows(Buffer.concat(chunks));
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The one column of each row of a binary COPY (PostgreSQL's documented format: header, rows, trailer). */
export function binaryCopyRows(data: Buffer): Buffer[] {
  if (!data.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('COPY binario: sin firma');
  let at = COPY_SIGNATURE.length + 4;
  at += 4 + data.readUInt32BE(at);
  const out: Buffer[] = [];
  for (;;) {
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) return out;
    if (fields !== 1) throw new Error(`COPY binario: ${fields} columnas`);
    const length = data.readInt32BE(at);
    at += 4;
    if (length < 0) throw new Error('COPY binario: parte nula');
    out.push(data.subarray(at, at + length));
    at += length;
  }
}
