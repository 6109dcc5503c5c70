import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStored, type ZipEntry } from '../src/lib/zip-stored.js';

/**
 * The streamed zip of 'Descargar todas' (issue 46) read back by other readers: JSZip checking every CRC-32,
 * and Info-ZIP's `unzip -t` where Debian's unzip is installed (it is on this project's machines).
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'arandu-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed: number) => {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i += 1) out[i] = (i * 7 + seed * 13 + (i >>> 9)) & 255;
  return out;
};
async function* chunks(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}
async function collect(source: AsyncIterable<Buffer>) {
  const out: Buffer[] = [];
  for await (const chunk of source) out.push(chunk);
  return Buffer.concat(out);
}

const files = [
  { name: 'Acosta, Ana - 1234567/informe.pdf', data: bytes(300_000, 1) },
  { name: 'Acosta, Ana - 1234567/foto pizarra.png', data: bytes(70_000, 2) },
  { name: 'Benítez, Ñandú - 7654321/año 2026 (versión final).docx', data: bytes(1, 3) },
  { name: 'Benítez, Ñandú - 7654321/vacío.txt', data: Buffer.alloc(0) },
];
const entries = (): ZipEntry[] =>
  files.map((f) => ({ name: f.name, content: async () => (f.data.length ? chunks(f.data, 65_536) : undefined) }));
const unzip = spawnSync('unzip', ['-v']).status === 0;

describe('zipStored', () => {
  for (const zip64 of ['auto', 'always'] as const) {
    it(`writes every entry byte for byte, CRC-32 checked by JSZip (ZIP64 ${zip64})`, async () => {
      const archive = await collect(zipStored(entries(), { zip64, at: new Date('2026-11-25T13:04:06Z') }));
      const zip = await JSZip.loadAsync(archive, { checkCRC32: true });
      const names = Object.keys(zip.files).sort();
      expect(names).toEqual(files.map((f) => f.name).sort());
      for (const f of files) expect(sha(await zip.file(f.name)!.async('nodebuffer'))).toBe(sha(f.data));
      // The date and time in Asunción (UTC-3): 10:04:06.
      const when = zip.file(files[0]!.name)!.date;
      expect([when.getUTCHours(), when.getUTCMinutes(), when.getUTCSeconds()]).toEqual([10, 4, 6]);
    });

    it.runIf(unzip)(`passes Info-ZIP's unzip -t (ZIP64 ${zip64})`, async () => {
      const file = path.join(dir, `entregas-${zip64}.zip`);
      writeFileSync(file, await collect(zipStored(entries(), { zip64 })));
      const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(test.stdout + test.stderr).toMatch(/No errors detected/);
      expect(test.status).toBe(0);
    });
  }

  it('an empty class is an empty archive', async () => {
    const zip = await JSZip.loadAsync(await collect(zipStored([])));
    expect(Object.keys(zip.files)).toEqual([]);
  });

  it('reads an entry only when the archive reaches it', async () => {
    const opened: string[] = [];
    const lazy = files.map((f) => ({
      name: f.name,
      content: async () => {
        opened.push(f.name);
        return chunks(f.data, 65_536);
      },
    }));
    const archive = zipStored(lazy);
    await archive.next();
    expect(opened).toEqual([]);
    await archive.next();
    expect(opened).toEqual([files[0]!.name]);
    await archive.return(undefined);
  });
});
