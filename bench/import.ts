/**
 * bench/import: 5,000 students imported through the real app (buildApp + inject: multipart, parsing, the
 * forms' schemas, the set-based SQL and the outbox), timed for the dry run and the apply, with the process's
 * peak RSS sampled while they run.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/import.ts
 *
 * Targets (issue 31): 5,000 students, dry run <= 10 s, apply <= 30 s on PostgreSQL, memory bounded.
 * Options: --rows N (default 5000), --format xlsx|csv (default xlsx). Each run imports new people (documents
 * and e-mails from the clock), so it can be repeated on the same database. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { adminAuthorization, openApp } from './harness.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '5000' }, format: { type: 'string', default: 'xlsx' } },
});
const count = Number(values.rows);
const { app, database } = await openApp(4);
const authorization = await adminAuthorization(app);

const { rows: carreras } = await database.pool!.query<{ codigo: string }>(
  `select c.codigo from carreras c join mallas m on m.carrera_id = c.id and m.usar_por_defecto order by c.id limit 1`,
);
const carrera = carreras[0]!.codigo;

const header = [
  'Documento',
  'Nombre',
  'Apellido',
  'Correo electrónico',
  'Teléfono celular',
  'Fecha de nacimiento',
  'Carrera',
  'Fecha de ingreso',
];
// Ten-digit documents from the clock: never those of seed:scale (eight digits) nor of an earlier run.
const base = (Date.now() % 1_000_000) * 10_000;
const tag = randomBytes(3).toString('hex');
const dataRows = Array.from({ length: count }, (_, i) => [
  String(1_000_000_000 + ((base + i) % 8_999_999_999)),
  `Nombre${i}`,
  'Núñez Benítez',
  `bench${tag}-${i}@import.edu.py`,
  '0981 123456',
  '23/04/2004',
  carrera,
  '01/03/2026',
]);

async function fileBytes(): Promise<Buffer> {
  if (values.format === 'csv') {
    return Buffer.from([header, ...dataRows].map((r) => r.join(';')).join('\r\n'), 'latin1');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Alumnos');
  sheet.addRow(header);
  for (const r of dataRows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const bytes = await fileBytes();

function multipart(data: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="alumnos.${values.format}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization },
  };
}

async function timed(modo: 'prueba' | 'aplicar') {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const body = multipart(bytes);
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/importaciones/alumnos?modo=${modo}`, ...body });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const resumen = res.json<{ resumen?: unknown }>().resumen;
  return { modo, status: res.statusCode, seconds, rssBeforeMb: before / 2 ** 20, peakRssMb: peak / 2 ** 20, resumen };
}

const { rows: before } = await database.pool!.query<{ n: number }>('select count(*)::int as n from usuarios');
console.log(
  `${count} alumnos, ${values.format}, ${(bytes.length / 1024).toFixed(0)} KB; ${before[0]!.n} usuarios antes`,
);
for (const modo of ['prueba', 'aplicar'] as const) {
  const r = await timed(modo);
  console.log(
    `${r.modo.padEnd(8)} ${r.status}  ${r.seconds.toFixed(2)} s  RSS ${r.rssBeforeMb.toFixed(0)} -> pico ${r.peakRssMb.toFixed(0)} MB  ${JSON.stringify(r.resumen)}`,
  );
}
await app.close();
await database.close();
