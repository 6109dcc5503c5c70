import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helper.js';

/** Issue 16: the built web app goes over the wire compressed at build time, with its Content-Encoding. */
let t: TestContext;
let dist: string;
const script = `export const saludo = ${JSON.stringify('Bienvenido a Arandu. '.repeat(200))};\n`;
const html = `<!doctype html><html lang="es"><head><title>Arandu</title></head><body>${'<p>Arandu</p>'.repeat(200)}</body></html>`;
const shellHtml = html.replace('</head>', '<link rel="modulepreload" href="/assets/app-abc123.js"></head>');

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  const write = async (file: string, text: string) => {
    await fs.writeFile(path.join(dist, file), text);
    await fs.writeFile(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  };
  await write('index.html', html);
  await write('pages.html', shellHtml);
  await write('assets/app-abc123.js', script);
  t = await setupTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed web assets', () => {
  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, plain to the rest', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses index.html too, also where a client route falls back to it', async () => {
    for (const url of ['/', '/log_in', '/pagesx']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('answers the signed-in addresses with pages.html, the page that preloads their chunks', async () => {
    for (const url of ['/pages', '/pages/student-dashboard', '/Pages/users?page=2']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(shellHtml);
    }
  });
});
