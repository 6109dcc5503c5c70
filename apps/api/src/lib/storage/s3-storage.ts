import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { S3Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { codeOf, FOREIGN_KEY_VIOLATION, readParts, UNIQUE_VIOLATION } from './pg-storage.js';
import type { FileStorage, StorageWriter } from './storage.js';

/**
 * Files' bytes in an S3-compatible bucket (`S3_BUCKET`, decision 030), their index in PostgreSQL as with the
 * default store: one `archivos_contenido` row per distinct content, named by its SHA-256, which the hand-ins'
 * rows reference (so a file some hand-in names cannot be forgotten, whatever the medium).
 *
 * An object is written once, complete, under `<prefix><sha256>-<row id>`. S3 wants an object's name and length
 * before its bytes, and both are known only after the last byte (the name is the hash), so a writer spools the
 * incoming parts to a temporary file (one part in memory at a time, as the PostgreSQL store) and, at `finish`,
 * streams that file to the bucket with its length and MD5 (which the server checks). No half-written object
 * ever exists under a name, and no copy is made inside the bucket. The row id in the key keeps two lives of the
 * same content apart: a refused upload that forgets its file deletes its own object, never the one a new row
 * of the same bytes has just written.
 *
 * Files kept in PostgreSQL before the bucket was configured (and the demo's) are still read from there.
 */
export function s3Storage(db: Db, config: S3Config, client: S3Client = s3Client(config)): FileStorage {
  const key = (sha256: string, id: number) => `${config.prefix}${sha256}-${id}`;
  const bucket = config.bucket;

  async function deleteObject(sha256: string, id: number) {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(sha256, id) }));
    } catch {
      // Its row is gone, so nothing can name it again: an object left behind costs space, never a wrong file,
      // and failing here would hide the refusal that made the caller forget the file.
    }
  }

  function writer(spool: string, file: fs.promises.FileHandle): StorageWriter {
    const sha = createHash('sha256');
    const md5 = createHash('md5');
    let bytes = 0;
    let closed = false;
    const close = async () => {
      if (!closed) await file.close();
      closed = true;
    };
    const drop = async () => {
      await close().catch(() => undefined);
      await fs.promises.rm(spool, { force: true });
    };
    return {
      async write(part) {
        sha.update(part);
        md5.update(part);
        bytes += part.length;
        await file.write(part);
      },
      async finish() {
        const sha256 = sha.digest('hex');
        try {
          await close();
          const [kept] = await rows<{ id: number }>(
            db,
            sql`select id::float8 as id from archivos_contenido where sha256 = ${sha256}`,
          );
          // The same bytes are kept already: this copy is not sent at all.
          if (kept) return { sha256, bytes };
          const [row] = await rows<{ id: number }>(
            db,
            sql`insert into archivos_contenido (bytes) values (${bytes}) returning id::float8 as id`,
          );
          const id = row!.id;
          const body = fs.createReadStream(spool);
          try {
            await client.send(
              new PutObjectCommand({
                Bucket: bucket,
                Key: key(sha256, id),
                Body: body,
                ContentLength: bytes,
                ContentMD5: md5.digest('base64'),
                ContentType: 'application/octet-stream',
              }),
            );
          } catch (err) {
            await db.execute(sql`delete from archivos_contenido where id = ${id}`);
            throw err;
          } finally {
            body.destroy();
          }
          if (await nameRow(id, sha256)) return { sha256, bytes };
          // The same bytes were named by another upload while this one was sent: theirs wins.
          await deleteObject(sha256, id);
          await db.execute(sql`delete from archivos_contenido where id = ${id}`);
          return { sha256, bytes };
        } finally {
          await drop();
        }
      },
      abort: drop,
    };
  }

  /** Names the row by its content's hash, unless another row has it already (false then). */
  async function nameRow(id: number, sha256: string) {
    try {
      const named = await rows<{ id: number }>(
        db,
        sql`update archivos_contenido set sha256 = ${sha256}
             where id = ${id} and not exists (select 1 from archivos_contenido where sha256 = ${sha256})
             returning id`,
      );
      return named.length > 0;
    } catch (err) {
      if (codeOf(err) !== UNIQUE_VIOLATION) throw err;
      return false;
    }
  }

  return {
    async create() {
      const spool = path.join(os.tmpdir(), `arandu-s3-${randomUUID()}`);
      return writer(spool, await fs.promises.open(spool, 'wx', 0o600));
    },

    async read(sha256) {
      const [found] = await rows<{ id: number; enBase: boolean }>(
        db,
        sql`select c.id::float8 as id, exists (select 1 from archivos_partes p where p.contenido_id = c.id) as "enBase"
              from archivos_contenido c where c.sha256 = ${sha256}`,
      );
      if (!found) return undefined;
      if (found.enBase) return readParts(db, found.id);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(sha256, found.id) }));
        // In Node the body is the HTTP response itself: read as it is sent on, at the pace of whoever reads.
        return object.Body as Readable & AsyncIterable<Buffer>;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },

    async forget(sha256s) {
      for (const sha256 of sha256s) {
        let gone: { id: number }[];
        try {
          gone = await rows<{ id: number }>(
            db,
            sql`delete from archivos_contenido where sha256 = ${sha256} returning id::float8 as id`,
          );
        } catch (err) {
          // Still named by some row (a hand-in of the same bytes): kept.
          if (codeOf(err) !== FOREIGN_KEY_VIOLATION) throw err;
          continue;
        }
        for (const row of gone) await deleteObject(sha256, row.id);
      }
    },
  };
}

/** The client for `config`: checksums only where S3 requires them, as many S3-compatible servers want. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by every S3-compatible server;
    // the MD5 sent with each object is checked by all of them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it (and its client) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
}
