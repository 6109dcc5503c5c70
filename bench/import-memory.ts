/**
 * bench/import-memory: what reading an uploaded spreadsheet costs in memory (issue 40, item 2). The largest
 * valid files (20,000 rows, the import's limit) go through the real app's dry run (buildApp + inject), and the
 * hostile shapes of the issue (apps/api/test/factories/hostile-files.ts) are posted the same way, to see how
 * soon each is refused. Each scenario runs in a process of its own, so that one's memory is not another's;
 * its peak is the kernel's (VmHWM, reset through /proc/self/clear_refs just before the request).
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/import-memory.ts
 *
 * Options: --only text (scenarios whose name has it). The dry runs write nothing, so it can be repeated.
 * Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { xlsxRecords } from '../apps/api/src/modules/imports/read-xlsx.js';
import { zipDirectory } from '../apps/api/src/modules/imports/read-zip.js';
import {
  deflatedPart,
  inlineRow,
  repeatedPart,
  SHEET_HEAD,
  SHEET_PART,
  SHEET_TAIL,
  SST_HEAD,
  SST_PART,
  SST_TAIL,
  workbookOf,
  zipOf,
} from '../apps/api/test/factories/hostile-files.js';
import { adminAuthorization, openApp } from './harness.js';

const { values } = parseArgs({
  options: { scenario: { type: 'string' }, file: { type: 'string' }, only: { type: 'string' } },
});
const ROWS = 20_000;
const MB = 2 ** 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function statusKb(field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]);
}
/** The process's resident memory now, and its peak since the last reset, in MB. */
const rssMb = () => statusKb('VmRSS') / 1024;
const peakMb = () => statusKb('VmHWM') / 1024;
const resetPeak = () => fs.writeFileSync('/proc/self/clear_refs', '5');

const tag = randomBytes(3).toString('hex');
// Ten-digit documents from the clock: never those of seed:scale (eight digits).
const base = (Date.now() % 1_000_000) * 10_000;
const doc = (i: number) => String(1_000_000_000 + ((base + i) % 8_999_999_999));

const PROFESOR_HEADER = [
  'Documento',
  'Nombre',
  'Apellido',
  'Correo electrónico',
  'Teléfono celular',
  'Fecha de nacimiento',
  'Nacionalidad',
];
const ALUMNO_HEADER = [...PROFESOR_HEADER, 'Carrera', 'Fecha de ingreso', 'Legajo'];

function person(i: number): string[] {
  return [
    doc(i),
    `Nombre${i}`,
    'Núñez Benítez',
    `mem${tag}-${i}@import.edu.py`,
    '0981 123456',
    '23/04/2004',
    'Paraguay',
  ];
}

async function xlsxBytes(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const profesores = () => xlsxBytes([PROFESOR_HEADER, ...Array.from({ length: ROWS }, (_, i) => person(i))]);
const alumnos = (carrera: string) => [
  ALUMNO_HEADER,
  ...Array.from({ length: ROWS }, (_, i) => [...person(i), carrera, '01/03/2026', '']),
];

/** The reader this module had before issue 40 (exceljs's streaming WorkbookReader), for the comparison. */
async function exceljsRead(bytes: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let n = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) n += row.values.length ? 1 : 0;
    break;
  }
  return n;
}

async function boundedRead(bytes: Buffer): Promise<number> {
  let n = 0;
  for await (const _ of xlsxRecords(bytes)) n++;
  return n;
}

const HOSTILE_HEADER = ['Documento', 'Nombre', 'Apellido', 'Correo', 'Celular'];
const headerOnly = () => deflatedPart(SHEET_PART, SHEET_HEAD + inlineRow(1, HOSTILE_HEADER) + SHEET_TAIL);
const formulaPadding = (times: number) =>
  repeatedPart(
    SHEET_PART,
    SHEET_HEAD + inlineRow(1, HOSTILE_HEADER),
    `<row r="2"><c r="A2"><f>${'a'.repeat(100_000)}</f></c></row>`,
    times,
    SHEET_TAIL,
  );

interface Scenario {
  name: string;
  kind: 'valid' | 'hostile' | 'reader';
  tipo?: 'profesores' | 'alumnos';
  fileName?: string;
  /** Built by the parent process, before the scenario's own process starts. */
  build(carrera: string): Promise<Buffer> | Buffer;
  read?: (bytes: Buffer) => Promise<number>;
}

const SCENARIOS: Scenario[] = [
  { name: '20,000 professors, xlsx', kind: 'valid', tipo: 'profesores', build: profesores },
  { name: '20,000 students, xlsx', kind: 'valid', tipo: 'alumnos', build: (c) => xlsxBytes(alumnos(c)) },
  {
    name: '20,000 students, csv',
    kind: 'valid',
    tipo: 'alumnos',
    fileName: 'alumnos.csv',
    build: (c) =>
      Buffer.from(
        alumnos(c)
          .map((r) => r.join(';'))
          .join('\r\n'),
        'latin1',
      ),
  },
  { name: 'reading alone, 20,000 professors: bounded reader', kind: 'reader', build: profesores, read: boundedRead },
  { name: 'reading alone, 20,000 professors: exceljs (before)', kind: 'reader', build: profesores, read: exceljsRead },
  {
    name: "issue's shape: 1,000,000 shared strings of 1,000 chars",
    kind: 'hostile',
    build: () =>
      workbookOf(headerOnly(), repeatedPart(SST_PART, SST_HEAD, `<si><t>${'a'.repeat(1000)}</t></si>`, 1e6, SST_TAIL)),
  },
  {
    name: 'sheet claiming 2 KB, inflating to 1 GB',
    kind: 'hostile',
    build: () => workbookOf({ ...formulaPadding(10_500), size: 2048 }),
  },
  {
    name: '600,000 short shared strings',
    kind: 'hostile',
    build: () => workbookOf(headerOnly(), repeatedPart(SST_PART, SST_HEAD, '<si><t>a</t></si>', 600_000, SST_TAIL)),
  },
  {
    name: '201,000 shared strings of 100 chars',
    kind: 'hostile',
    build: () =>
      workbookOf(
        headerOnly(),
        repeatedPart(SST_PART, SST_HEAD, `<si><t>${'b'.repeat(100)}</t></si>`, 201_000, SST_TAIL),
      ),
  },
  {
    name: 'one shared string of 40 MB',
    kind: 'hostile',
    build: () =>
      workbookOf(
        headerOnly(),
        repeatedPart(SST_PART, `${SST_HEAD}<si><t>`, 'c'.repeat(1000), 40_000, `</t></si>${SST_TAIL}`),
      ),
  },
  {
    name: 'a 30,000-char string in 40 cells x 20,000 rows',
    kind: 'hostile',
    build: () =>
      workbookOf(
        repeatedPart(
          SHEET_PART,
          SHEET_HEAD + inlineRow(1, HOSTILE_HEADER),
          `<row>${'<c t="s"><v>0</v></c>'.repeat(40)}</row>`,
          ROWS,
          SHEET_TAIL,
        ),
        deflatedPart(SST_PART, `${SST_HEAD}<si><t>${'e'.repeat(30_000)}</t></si>${SST_TAIL}`),
      ),
  },
  {
    name: 'XML nested 100,000 deep',
    kind: 'hostile',
    build: () => workbookOf(repeatedPart(SHEET_PART, SHEET_HEAD, '<x>', 100_000, SHEET_TAIL)),
  },
  {
    name: 'zip nested 6 deep, 4 copies a level',
    kind: 'hostile',
    build: () => {
      let level = zipOf([0, 1, 2, 3].map((i) => repeatedPart(`bomba-${i}.txt`, '', 'z'.repeat(MB), 20, '')));
      for (let d = 1; d < 6; d++) {
        const inner = level;
        level = zipOf([0, 1, 2, 3].map((i) => deflatedPart(`capa-${d}-${i}.zip`, inner)));
      }
      return level;
    },
  },
  {
    name: 'csv line of 5,000,000 separators',
    kind: 'hostile',
    fileName: 'a.csv',
    build: () => Buffer.from(`${HOSTILE_HEADER.join(';')}\r\n${';'.repeat(5_000_000)}\r\n`),
  },
  // The slowest a file can be without crossing a bound: 49 MB of XML that holds no data, read to the end; the
  // parser's cost is mostly per element, so the second is the worse.
  {
    name: 'no bound crossed: 49 MB of rows without cells',
    kind: 'hostile',
    build: () =>
      workbookOf(
        repeatedPart(SHEET_PART, SHEET_HEAD + inlineRow(1, HOSTILE_HEADER), '<row r="2"/>', 4_250_000, SHEET_TAIL),
      ),
  },
  {
    name: 'no bound crossed: 49 MB of formulas without results',
    kind: 'hostile',
    build: () => workbookOf(formulaPadding(510)),
  },
];

interface Result {
  name: string;
  fileKb: number;
  unzippedMb: number | null;
  status: number | null;
  answer: string;
  seconds: number;
  /** CPU seconds of the process (every thread) while it answered: what the machine's load does not change. */
  cpuSeconds: number;
  rssBeforeMb: number;
  peakMb: number;
}

async function runScenario(scenario: Scenario, file: string): Promise<Result> {
  let app: Awaited<ReturnType<typeof openApp>> | undefined;
  let authorization = '';
  if (scenario.kind !== 'reader') {
    app = await openApp(4);
    authorization = await adminAuthorization(app.app);
  }
  const bytes = fs.readFileSync(file);
  let unzippedMb: number | null = null;
  try {
    unzippedMb = [...zipDirectory(bytes).values()].reduce((sum, e) => sum + e.declaredSize, 0) / MB;
  } catch {
    // A CSV, or a zip too odd for the directory: no figure.
  }
  let payload = bytes;
  let headers: Record<string, string> = {};
  if (app) {
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const name = scenario.fileName ?? `${scenario.tipo ?? 'profesores'}.xlsx`;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization };
  }
  gc();
  const rssBeforeMb = rssMb();
  resetPeak();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let status: number | null = null;
  let answer: string;
  if (app) {
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/importaciones/${scenario.tipo ?? 'profesores'}?modo=prueba`,
      payload,
      headers,
    });
    status = res.statusCode;
    const body = res.json<{ error?: string; resumen?: Record<string, number> }>();
    answer = body.error ?? JSON.stringify(body.resumen);
  } else {
    answer = `${await scenario.read!(bytes)} rows`;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const result = {
    name: scenario.name,
    fileKb: bytes.length / 1024,
    unzippedMb,
    status,
    answer,
    seconds,
    cpuSeconds,
    rssBeforeMb,
    peakMb: peakMb(),
  };
  if (app) {
    await app.app.close();
    await app.database.close();
  }
  return result;
}

if (values.scenario) {
  const scenario = SCENARIOS.find((s) => s.name === values.scenario)!;
  process.stdout.write(`RESULT ${JSON.stringify(await runScenario(scenario, values.file!))}\n`);
} else {
  // The files are built here and read from disk by each scenario's process, whose memory is then its own.
  const { app, database } = await openApp(4);
  const { rows } = await database.pool!.query<{ codigo: string }>(
    `select c.codigo from carreras c join mallas m on m.carrera_id = c.id and m.usar_por_defecto order by c.id limit 1`,
  );
  await app.close();
  await database.close();
  const carrera = rows[0]!.codigo;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-import-memory-'));
  const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${new Date().toISOString()}  load average ${load()}  Node ${process.version}`);
  console.log('| scenario | file | declared unpacked | answer | s | CPU s | RSS before -> peak MB |');
  console.log('| --- | ---: | ---: | --- | ---: | ---: | --- |');
  for (const scenario of SCENARIOS.filter((s) => !values.only || s.name.includes(values.only))) {
    const file = path.join(dir, 'archivo');
    fs.writeFileSync(file, await scenario.build(carrera));
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, '--scenario', scenario.name, '--file', file],
      { encoding: 'utf8', env: process.env, maxBuffer: 16 * MB },
    );
    fs.rmSync(file);
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) {
      console.log(`| ${scenario.name} | failed: ${child.status} ${child.stderr.slice(-500)} |`);
      continue;
    }
    const r = JSON.parse(line.slice(7)) as Result;
    const size = r.fileKb >= 1024 ? `${(r.fileKb / 1024).toFixed(1)} MB` : `${r.fileKb.toFixed(0)} KB`;
    const unpacked = r.unzippedMb === null ? '' : `${r.unzippedMb.toFixed(0)} MB`;
    const answer = `${r.status ?? ''} ${r.answer.length > 70 ? `${r.answer.slice(0, 67)}...` : r.answer}`.trim();
    console.log(
      `| ${r.name} | ${size} | ${unpacked} | ${answer} | ${r.seconds.toFixed(2)} | ${r.cpuSeconds.toFixed(2)} | ${r.rssBeforeMb.toFixed(0)} -> ${r.peakMb.toFixed(0)} |`,
    );
  }
  console.log(`load average after: ${load()}`);
  fs.rmSync(dir, { recursive: true, force: true });
}
