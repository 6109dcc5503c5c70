import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import S3rver from 's3rver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ENTREGAS as E } from '@arandu/shared';
import { loadConfig, type S3Config } from '../src/config.js';
import { rows } from '../src/db/sql.js';
import { fixedClock } from '../src/lib/clock.js';
import { pgStorage } from '../src/lib/storage/pg-storage.js';
import { s3Client, s3Storage } from '../src/lib/storage/s3-storage.js';
import { entregasKit } from './factories/entregas.js';
import { bearer, setupTestApp, type TestContext } from './helper.js';

/**
 * Handed-in files in an S3-compatible bucket (issue 46, decision 030), against a real S3 server started here:
 * s3rver (an npm package that speaks S3's REST API over HTTP and keeps objects on disk), with the same
 * @aws-sdk/client-s3 calls the API makes against AWS, MinIO or any other.
 */

const BUCKET = 'arandu-entregas';
const dir = mkdtempSync(path.join(os.tmpdir(), 'arandu-s3rver-'));
const clock = fixedClock(new Date());
let server: S3rver;
let s3: S3Config;
let client: S3Client;
let t: TestContext;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  // Through the same variables an operator sets (README), so their reading is tested too.
  s3 = loadConfig({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'entregas/',
  }).s3!;
  client = s3Client(s3);
  t = await setupTestApp({ clock, config: { s3 } });
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const { sha, pdf, upload, classroom } = entregasKit(() => t, clock);

/** The bucket's keys, sorted. */
async function keys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function collect(content: AsyncIterable<Buffer> | undefined) {
  if (!content) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const contentRows = async () =>
  (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from archivos_contenido`))[0]!.n;

describe('S3 settings', () => {
  it('reads S3_* into the store settings, path-style by default with an endpoint', () => {
    expect(s3).toEqual({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'entregas/',
    });
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'mi-balde' }).s3).toMatchObject({ forcePathStyle: false, credentials: undefined });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'mi-balde', S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});

describe('handed-in files in an S3-compatible bucket', () => {
  it('puts an upload in the bucket under its SHA-256, nothing in archivos_partes, and serves it back', async () => {
    const c = await classroom({ maxMB: 5 });
    clock.set(new Date());
    const big = pdf('grande en partes', 3 * 1024 * 1024 + 12345);
    const res = await upload(c.alumnos[0]!.token, c.tareaId, [
      { name: 'informe.pdf', data: pdf('s3 uno') },
      { name: 'anexo.pdf', data: big },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [small, large] = res.json().archivos as { id: number; sha256: string }[];
    expect(large!.sha256).toBe(sha(big));
    const [row] = await rows<{ id: number; partes: number }>(
      t.db,
      sql`select c.id::int as id, (select count(*)::int from archivos_partes p where p.contenido_id = c.id) as partes
            from archivos_contenido c where c.sha256 = ${sha(big)}`,
    );
    expect(row!.partes).toBe(0);
    const key = `entregas/${sha(big)}-${row!.id}`;
    expect(await keys()).toContain(key);
    expect(sha(await objectBytes(key))).toBe(sha(big));

    for (const [archivo, data] of [
      [small!, pdf('s3 uno')],
      [large!, big],
    ] as const) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/entregas/archivos/${archivo.id}`,
        headers: bearer(c.profesor),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-length']).toBe(String(data.length));
      expect(sha(file.rawPayload)).toBe(sha(data));
    }
  });

  it('keeps identical bytes once, and a refused upload leaves no object and no row of its own', async () => {
    const c = await classroom({ maxArchivos: 2 });
    clock.set(new Date());
    const [a, b] = c.alumnos;
    const shared = pdf('el mismo enunciado');
    expect((await upload(a!.token, c.tareaId, [{ name: 'tp.pdf', data: shared }])).statusCode).toBe(200);
    expect((await upload(b!.token, c.tareaId, [{ name: 'tp.pdf', data: shared }])).statusCode).toBe(200);
    expect((await keys()).filter((k) => k.includes(sha(shared)))).toHaveLength(1);

    const keysBefore = await keys();
    const rowsBefore = await contentRows();
    // The shared file is named by both hand-ins: forgetting it with the refusal must keep it.
    const three = await upload(b!.token, c.tareaId, [
      { name: 'tp.pdf', data: shared },
      { name: 'nuevo.pdf', data: pdf('sólo de esta subida') },
      { name: 'otro.pdf', data: pdf('uno de más') },
    ]);
    expect(three.statusCode).toBe(400);
    expect(three.json().error).toBe(E.demasiadosArchivos(2));
    expect(await keys()).toEqual(keysBefore);
    expect(await contentRows()).toBe(rowsBefore);
    const stillThere = await collect(await s3Storage(t.db, s3, client).read(sha(shared)));
    expect(stillThere && sha(stillThere)).toBe(sha(shared));
  });

  it("streams 'Descargar todas' from the bucket", async () => {
    const c = await classroom();
    clock.set(new Date());
    const [a, b] = c.alumnos;
    await upload(a!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('zip a') }]);
    await upload(b!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('zip b') }]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tareas/${c.tareaId}/entregas.zip`,
      headers: bearer(c.profesor),
    });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const folder = `${b!.user.apellido}, ${b!.user.nombre} - ${b!.user.numeroDocumento}`;
    const back = await zip.file(`${folder}/informe.pdf`)!.async('nodebuffer');
    expect(sha(back)).toBe(sha(pdf('zip b')));
  });

  it('still reads a file kept in PostgreSQL before the bucket was configured', async () => {
    const data = pdf('guardado antes de S3', 600 * 1024);
    const writer = await pgStorage(t.db).create();
    for (let at = 0; at < data.length; at += 256 * 1024) await writer.write(data.subarray(at, at + 256 * 1024));
    const kept = await writer.finish();
    const back = await collect(await s3Storage(t.db, s3, client).read(kept.sha256));
    expect(back && sha(back)).toBe(sha(data));
    expect(await s3Storage(t.db, s3, client).read('0'.repeat(64))).toBeUndefined();
  });

  it('forgets an unnamed file (row and object); an aborted one leaves nothing', async () => {
    const store = s3Storage(t.db, s3, client);
    const data = pdf('subido y olvidado');
    const writer = await store.create();
    await writer.write(data);
    const kept = await writer.finish();
    expect((await keys()).some((k) => k.includes(kept.sha256))).toBe(true);
    await store.forget([kept.sha256]);
    expect((await keys()).some((k) => k.includes(kept.sha256))).toBe(false);
    expect(await store.read(kept.sha256)).toBeUndefined();

    const rowsBefore = await contentRows();
    const keysBefore = await keys();
    const aborted = await store.create();
    await aborted.write(pdf('a medias'));
    await aborted.abort();
    expect(await contentRows()).toBe(rowsBefore);
    expect(await keys()).toEqual(keysBefore);
  });

  it('a bucket that does not answer refuses the file and keeps no row of it', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const away = { ...s3, endpoint: `http://127.0.0.1:${closed}` };
    const awayClient = s3Client(away);
    const store = s3Storage(t.db, away, awayClient);
    const rowsBefore = await contentRows();
    const writer = await store.create();
    await writer.write(pdf('sin balde'));
    await expect(writer.finish()).rejects.toThrow();
    expect(await contentRows()).toBe(rowsBefore);
    awayClient.destroy();
  });
});
