/**
 * Enrolment day (issue 11): N students, already signed in, submit their enrolment at C concurrent clients over
 * HTTP against API processes on the PostgreSQL server DATABASE_URL names (filled by `seed:scale`). Each student
 * sends the subjects of their semester (5 to 7), plus, for every other student, a subject of another semester
 * that clashes with one of them (sent last, so it is the one refused); one in ten sends the same save twice at
 * once (a double click). Afterwards the database is checked: every line acknowledged as a success is there
 * exactly once, every clashing line was refused, nothing else was. Then pgbench's TPC-B runs in a scratch
 * database and the ratio (enrolment lines committed per second / pgbench TPS) is printed.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx bench/rush.ts \
 *     [--students 2000] [--concurrency 200 | --rate 150] [--processes 1|2] [--kill] [--no-pgbench] [--cap]
 *
 * Closed loop (default): C clients, each sending its next save as soon as the last one is answered, so the
 * latency is C ÷ throughput whatever the server does: it measures capacity. Open loop (`--rate R`): saves
 * arrive at R a second on a fixed schedule whether or not earlier ones were answered (students do not wait
 * for each other), and each latency counts from its scheduled arrival, so a server that falls behind shows it
 * (no coordinated omission): it measures the latency students see at that arrival rate.
 *
 * The script starts the API processes itself (apps/api/dist/server.js, ports 3290…), so that `--kill` can send
 * them SIGKILL in the middle of the rush, start them again and retry what got no answer.
 *
 * `--cap` (issue 29): every subject-period the students ask for gets a seat limit of the seats others hold plus
 * four fifths of the students asking for it, so about a fifth of the lines end on a waiting list. The checks
 * then add: no section over its cap, no seat left free while someone waits, every line answered 'Sin cupo' is
 * on the list at the position it was told, and each list's positions are 1..n. Without `--cap` the caps a
 * previous capped run left are removed first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import http from 'node:http';
import pg from 'pg';
import { postgresCpuSeconds, postgresCpuSince, threadCpuSecondsOf } from './proc.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '200' },
    rate: { type: 'string' },
    processes: { type: 'string', default: '1' },
    kill: { type: 'boolean', default: false },
    'no-pgbench': { type: 'boolean', default: false },
    port: { type: 'string', default: '3290' },
    cap: { type: 'boolean', default: false },
  },
});
const N = Number(values.students);
const C = Number(values.concurrency);
const RATE = values.rate === undefined ? undefined : Number(values.rate);
const PROCESSES = Number(values.processes);
const PORT = Number(values.port);
const CAP = values.cap;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database filled by seed:scale');
const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Arandu2026!';
const ENROLLED = 'Inscripción realizada';
const ALREADY = 'Ya estaba inscripto en la materia';

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const q = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];

// ---------------------------------------------------------------- API processes

const servers: (ChildProcess | undefined)[] = [];
const bases = Array.from({ length: PROCESSES }, (_, i) => `http://127.0.0.1:${PORT + i}`);

async function startServer(i: number) {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT + i),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      SEED_DEMO: 'never',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
  });
  servers[i] = child;
  for (let tries = 0; tries < 300; tries++) {
    const ok = await fetch(`${bases[i]}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the API on ${bases[i]} did not start`);
}

const startAll = () => Promise.all(bases.map((_, i) => startServer(i)));
function killAll(signal: NodeJS.Signals) {
  for (const s of servers) s?.kill(signal);
}

// ---------------------------------------------------------------- the students and their saves

interface Alumno {
  perfilAlumnoId: number;
  email: string;
  own: number[];
  clash?: number;
  token?: string;
}

async function prepare(): Promise<{ periodoId: number; students: Alumno[] }> {
  const [periodo] = await q<{ id: number }>('select id from periodos where activo');
  if (!periodo) throw new Error('no active period: run seed:scale');
  // The window open now, whatever day the data was seeded.
  await q(
    `update periodos set inicio_periodo_inscripcion = now() - interval '1 day', fin_periodo_inscripcion = now() + interval '1 day'
      where id = $1`,
    [periodo.id],
  );
  // What seed:scale enrolled them in is what they ask for; the clash is another semester's subject-period of
  // their malla that meets at the same time as one of those.
  const alumnos = await q<{ perfilAlumnoId: number; email: string; own: number[]; clash: number | null }>(
    `with elegidos as (
       select pa.id, u.email, pa.malla_id from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
        where exists (select 1 from inscripciones_materia i where i.perfil_alumno_id = pa.id and i.periodo_id = $1)
        order by pa.id limit $2)
     select e.id as "perfilAlumnoId", e.email,
            array(select i.materia_periodo_id from inscripciones_materia i
                   where i.perfil_alumno_id = e.id and i.periodo_id = $1 order by i.materia_periodo_id) as own,
            (select o.id from inscripciones_materia i
               join horarios h on h.materia_periodo_id = i.materia_periodo_id
               join materias_periodo mp on mp.id = i.materia_periodo_id
               join materias_malla mm on mm.id = mp.materia_malla_id
               join materias_malla om on om.malla_id = e.malla_id and om.semestre_nro_orden <> mm.semestre_nro_orden
               join materias_periodo o on o.materia_malla_id = om.id and o.periodo_id = $1
               join horarios oh on oh.materia_periodo_id = o.id and oh.dia = h.dia
                               and oh.hora_inicio < h.hora_fin and h.hora_inicio < oh.hora_fin
              where i.perfil_alumno_id = e.id and i.periodo_id = $1
              order by o.id limit 1) as clash
       from elegidos e order by e.id`,
    [periodo.id, N],
  );
  const ids = alumnos.map((s) => s.perfilAlumnoId);
  // Nor are they waiting for a seat (a previous --cap run).
  await q('delete from lista_espera where perfil_alumno_id = any($1)', [ids]);
  // They have not enrolled yet: the rush is theirs to make.
  await q('delete from inscripciones_materia where periodo_id = $1 and perfil_alumno_id = any($2)', [periodo.id, ids]);
  await q('delete from conformidades_inscripcion where periodo_id = $1 and perfil_alumno_id = any($2)', [
    periodo.id,
    ids,
  ]);
  // Their fichas are up to date, as enrolling themselves requires (the step before the rush, not part of it).
  await q(
    'update usuarios set ficha_actualizada = true where id in (select usuario_id from perfiles_alumno where id = any($1))',
    [ids],
  );
  await setCaps(alumnos);
  return {
    periodoId: periodo.id,
    students: alumnos.map((s, i) => ({ ...s, clash: i % 2 === 0 && s.clash ? s.clash : undefined })),
  };
}

/**
 * With --cap, each subject-period asked for gets cupo = seats held by students outside the rush + 4/5 of the
 * students asking for it (at least 1); without, the caps are removed. Written as staff's save does
 * (seats.ts setCap): the row locked, the counter row recounted, in one transaction.
 */
async function setCaps(alumnos: { own: number[] }[]) {
  const demand = new Map<number, number>();
  for (const s of alumnos) for (const id of s.own) demand.set(id, (demand.get(id) ?? 0) + 1);
  const client = await db.connect();
  try {
    await client.query('begin');
    for (const [id, asking] of demand) {
      await client.query('select 1 from materias_periodo where id = $1 for update', [id]);
      const held = (
        await client.query<{ n: number }>(
          'select count(*)::int as n from inscripciones_materia where materia_periodo_id = $1',
          [id],
        )
      ).rows[0]!.n;
      if (CAP) {
        const cupo = held + Math.max(1, Math.floor((asking * 4) / 5));
        await client.query(
          `insert into asientos_materia_periodo (materia_periodo_id, ocupados, ofrecidos, esperando)
           values ($1, $2, 0, (select count(*) from lista_espera where materia_periodo_id = $1))
           on conflict (materia_periodo_id) do update set ocupados = excluded.ocupados, ofrecidos = 0, esperando = excluded.esperando`,
          [id, held],
        );
        await client.query('update materias_periodo set cupo = $2 where id = $1', [id, cupo]);
      } else {
        await client.query('delete from asientos_materia_periodo where materia_periodo_id = $1', [id]);
        await client.query('update materias_periodo set cupo = null where id = $1', [id]);
      }
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/**
 * After a --cap run: what a student asks for is read from their enrolments (prepare), so the lines that waited
 * are enrolled directly and the caps removed, leaving the data set as the run found it for the next run.
 */
async function restoreWaiting(ids: number[]) {
  const client = await db.connect();
  try {
    await client.query('begin');
    const waited = await client.query<{ perfil: number; mp: number }>(
      `delete from lista_espera where perfil_alumno_id = any($1)
       returning perfil_alumno_id as perfil, materia_periodo_id as mp`,
      [ids],
    );
    const sections = [...new Set(waited.rows.map((r) => r.mp))];
    await client.query('delete from asientos_materia_periodo where materia_periodo_id = any($1)', [sections]);
    await client.query('update materias_periodo set cupo = null where id = any($1)', [sections]);
    await client.query(
      `insert into inscripciones_materia (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id)
       select w.perfil, mp.id, mp.materia_malla_id, mp.periodo_id
         from unnest($1::int[], $2::int[]) as w(perfil, mp) join materias_periodo mp on mp.id = w.mp
       on conflict do nothing`,
      [waited.rows.map((r) => r.perfil), waited.rows.map((r) => r.mp)],
    );
    await client.query('commit');
    return waited.rowCount ?? 0;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/** Signs every student in first (they are "already logged in"), each from its own address. */
async function signIn(alumnos: Alumno[]) {
  let next = 0;
  const worker = async () => {
    while (next < alumnos.length) {
      const k = next++;
      const s = alumnos[k]!;
      const res = await fetch(`${bases[k % bases.length]}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${(k >> 8) & 255}.${k & 255}` },
        body: JSON.stringify({ email: s.email, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`login of ${s.email}: ${res.status} ${await res.text()}`);
      s.token = ((await res.json()) as { token: string }).token;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

interface Line {
  materiaPeriodoId: number;
  success?: string;
  error?: string;
  listaEspera?: { posicion: number };
}
interface Outcome {
  student: Alumno;
  ms: number;
  status: number;
  lines: Line[];
}

/**
 * The saves go over node:http with kept-alive sockets: `fetch` (undici) cost the shared cores several times
 * more a request (bench/README.md, login rush), time the API and PostgreSQL then did not get.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function post(url: string, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function submit(alumno: Alumno, base: string, started = performance.now()): Promise<Outcome> {
  const lines = [...alumno.own, ...(alumno.clash ? [alumno.clash] : [])];
  try {
    const res = await post(
      `${base}/api/studentsubjects/save-inscription`,
      alumno.token!,
      JSON.stringify({
        perfilAlumnoId: alumno.perfilAlumnoId,
        conforme: true,
        materiasModificadas: lines.map((materiaPeriodoId) => ({ materiaPeriodoId, inscripto: true })),
      }),
    );
    const ok = res.status === 200;
    return {
      student: alumno,
      ms: performance.now() - started,
      status: res.status,
      lines: ok ? (JSON.parse(res.text) as Line[]) : [],
    };
  } catch {
    // No answer (the process died): nothing was acknowledged.
    return { student: alumno, ms: performance.now() - started, status: 0, lines: [] };
  }
}

/** CPU seconds so far: the API processes' main threads, PostgreSQL's processes of this database, this client. */
const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
function cpuNow() {
  const client = process.cpuUsage();
  return {
    api: servers.reduce((n, s) => n + (s?.pid ? threadCpuSecondsOf(String(s.pid)).main : 0), 0),
    postgres: postgresCpuSeconds(database),
    client: (client.user + client.system) / 1e6,
  };
}

// ---------------------------------------------------------------- the run

const { periodoId, students: alumnos } = await prepare();
await startAll();
await signIn(alumnos);
// One in ten submits twice at once: the double click.
const jobs = alumnos.flatMap((s, i) => (i % 10 === 5 ? [s, s] : [s]));
console.log(
  `rush: ${alumnos.length} students, ${jobs.length} saves, ${jobs.reduce((n, s) => n + s.own.length + (s.clash ? 1 : 0), 0)} lines, ` +
    `${RATE ? `open loop at ${RATE} saves/s` : `concurrency ${C}`}, ${PROCESSES} API process(es)${values.kill ? ', SIGKILL half way' : ''}` +
    `${CAP ? ', capped (a fifth of the lines wait)' : ''}`,
);

const outcomes: Outcome[] = [];
let nextJob = 0;
const cpu0 = cpuNow();
let killing: Promise<void> | undefined;
const t0 = performance.now();
const killHalfWay = (k: number) => {
  if (values.kill && k === Math.floor(jobs.length / 2) && !killing) {
    killing = (async () => {
      killAll('SIGKILL');
      await startAll();
    })();
  }
};
const worker = async (w: number) => {
  while (nextJob < jobs.length) {
    const k = nextJob++;
    killHalfWay(k);
    if (killing) await killing;
    outcomes.push(await submit(jobs[k]!, bases[(k + w) % bases.length]!));
  }
};
/** Open loop: job k is due at t0 + k / RATE seconds and is sent then, answered or not the ones before it. */
const openLoop = async (rate: number) => {
  const inFlight: Promise<void>[] = [];
  for (let k = 0; k < jobs.length; k++) {
    const due = t0 + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    killHalfWay(k);
    if (killing) await killing;
    inFlight.push(submit(jobs[k]!, bases[k % bases.length]!, due).then((o) => void outcomes.push(o)));
  }
  await Promise.all(inFlight);
};
if (RATE) await openLoop(RATE);
else await Promise.all(Array.from({ length: C }, (_, w) => worker(w)));
// What got no answer is sent again, as a student would: saves are idempotent.
const unanswered = outcomes.filter((o) => o.status === 0);
for (const o of unanswered) outcomes.push(await submit(o.student, bases[0]!));
const seconds = (performance.now() - t0) / 1000;
// Per save, over the rush (without --kill: a killed process's CPU is lost with it). These do not depend on
// the machine's load the way the rates do.
const cpu1 = cpuNow();
const perSave = (cpuSeconds: number) => ((cpuSeconds * 1000) / jobs.length).toFixed(2);
const cpuLine =
  // With --kill the restarted process's clock starts again at zero (it printed -0.93): the API's figure is unknown.
  `CPU ms a save: API main thread ${values.kill ? '- (restarted)' : perSave(cpu1.api - cpu0.api)}, ` +
  `PostgreSQL ${perSave(postgresCpuSince(cpu0.postgres, database))}, client ${perSave(cpu1.client - cpu0.client)}`;
killAll('SIGTERM');

// ---------------------------------------------------------------- figures and checks

const latencies = outcomes
  .filter((o) => o.status === 200)
  .map((o) => o.ms)
  .sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!.toFixed(0);
const statuses = new Map<number, number>();
for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
const [{ committed }] = (await q<{ committed: number }>(
  'select count(*)::int as committed from inscripciones_materia where periodo_id = $1 and perfil_alumno_id = any($2)',
  [periodoId, alumnos.map((s) => s.perfilAlumnoId)],
)) as [{ committed: number }];

const rows = await q<{ perfil: number; mp: number; n: number }>(
  `select perfil_alumno_id as perfil, materia_periodo_id as mp, count(*)::int as n from inscripciones_materia
    where periodo_id = $1 and perfil_alumno_id = any($2) group by 1, 2`,
  [periodoId, alumnos.map((s) => s.perfilAlumnoId)],
);
const present = new Map(rows.map((r) => [`${r.perfil}:${r.mp}`, r.n]));
// The waiting lists of the sections asked for, with each entry's position (its rank by `orden`).
const listed = await q<{ perfil: number; mp: number; posicion: number }>(
  `select perfil_alumno_id as perfil, materia_periodo_id as mp,
          (rank() over (partition by materia_periodo_id order by orden))::int as posicion
     from lista_espera where materia_periodo_id in (select materia_periodo_id from lista_espera where perfil_alumno_id = any($1))`,
  [alumnos.map((s) => s.perfilAlumnoId)],
);
const position = new Map(listed.map((r) => [`${r.perfil}:${r.mp}`, r.posicion]));
let waitingLines = 0;
let waitingWrong = 0;
let lost = 0;
let wronglyRefused = 0;
let wronglyAccepted = 0;
for (const o of outcomes) {
  for (const l of o.lines) {
    const key = `${o.student.perfilAlumnoId}:${l.materiaPeriodoId}`;
    const isClash = l.materiaPeriodoId === o.student.clash;
    if (l.success === ENROLLED || l.success === ALREADY) {
      if (present.get(key) !== 1) lost++;
      if (isClash) wronglyAccepted++;
    } else if (l.listaEspera && CAP && !isClash) {
      // On the list, not enrolled, at the position the student was told (nobody leaves during the rush).
      waitingLines++;
      if (present.has(key) || position.get(key) !== l.listaEspera.posicion) waitingWrong++;
    } else if (!isClash) {
      wronglyRefused++;
    }
  }
}
const expected = alumnos.reduce((n, s) => n + s.own.length, 0);
// Per section: enrolled within the cap, no free seat while someone waits, positions 1..n.
const sections = await q<{ mp: number; cupo: number | null; inscriptos: number; esperando: number; gaps: boolean }>(
  `select mp.id as mp, mp.cupo,
          (select count(*) from inscripciones_materia i where i.materia_periodo_id = mp.id)::int as inscriptos,
          (select count(*) from lista_espera l where l.materia_periodo_id = mp.id)::int as esperando,
          coalesce((select max(r) <> count(*) or min(r) <> 1 from (select rank() over (order by orden) as r
                     from lista_espera l where l.materia_periodo_id = mp.id) x), false) as gaps
     from materias_periodo mp
    where mp.id in (select i.materia_periodo_id from inscripciones_materia i where i.perfil_alumno_id = any($1)
                    union select l.materia_periodo_id from lista_espera l where l.perfil_alumno_id = any($1))`,
  [alumnos.map((s) => s.perfilAlumnoId)],
);
const overCap = sections.filter((s) => s.cupo !== null && s.inscriptos > s.cupo).length;
const idleCupos = sections.filter((s) => s.cupo !== null && s.esperando > 0 && s.inscriptos < s.cupo).length;
const gaps = sections.filter((s) => s.gaps).length;
const onLists = listed.filter((r) => alumnos.some((s) => s.perfilAlumnoId === r.perfil)).length;
const errors = outcomes.filter((o) => o.status !== 200 && o.status !== 0).length;
console.log(
  `wall ${seconds.toFixed(1)} s · ${(committed / seconds).toFixed(0)} lines committed/s · saves p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms`,
);
console.log(cpuLine);
console.log(
  `status: ${[...statuses].map(([s, n]) => `${s || 'no answer'}×${n}`).join(', ')} · errors (4xx/5xx): ${errors}`,
);
console.log(
  `database: ${committed} enrolments (expected ${expected}); acknowledged but missing: ${lost}; ` +
    `refused that should have been accepted: ${wronglyRefused}; clashes accepted: ${wronglyAccepted}; retried after no answer: ${unanswered.length}`,
);
if (CAP) {
  console.log(
    `caps: ${sections.filter((s) => s.cupo !== null).length} capped sections; ${committed} enrolled + ${onLists} waiting = ` +
      `${committed + onLists} of ${expected} lines; ${((committed + onLists) / seconds) | 0} lines decided/s; ` +
      `'Sin cupo' answers ${waitingLines} (wrong list or position: ${waitingWrong}); over the cap: ${overCap}; ` +
      `free seats while someone waits: ${idleCupos}; lists with gaps or duplicates: ${gaps}`,
  );
}

if (CAP) {
  const restored = await restoreWaiting(alumnos.map((s) => s.perfilAlumnoId));
  console.log(`restored: ${restored} waiting lines enrolled and the caps removed (the next run's data set)`);
}

// ---------------------------------------------------------------- pgbench, for scale

if (!values['no-pgbench']) {
  const scratch = `arandu_pgbench_${process.pid}`;
  const url = new URL(databaseUrl);
  const postgres = new URL(databaseUrl);
  postgres.pathname = '/postgres';
  const admin = (sql: string) => spawnSync('psql', [postgres.toString(), '-qc', sql]);
  const server = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
  };
  admin(`create database ${scratch}`);
  try {
    spawnSync('pgbench', ['-i', '-q', scratch], { env: server });
    const run = spawnSync('pgbench', ['-c', '16', '-T', '20', scratch], { env: server, encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1]);
    console.log(
      `pgbench TPC-B (scale 1, -c 16 -T 20): ${tps.toFixed(0)} tps · ratio lines/s ÷ tps = ${(committed / seconds / tps).toFixed(2)}`,
    );
  } finally {
    admin(`drop database if exists ${scratch} with (force)`);
  }
}
await db.end();
const capOk =
  !CAP || (waitingWrong === 0 && overCap === 0 && idleCupos === 0 && gaps === 0 && committed + onLists === expected);
process.exit(lost === 0 && wronglyRefused === 0 && wronglyAccepted === 0 && errors === 0 && capOk ? 0 : 1);
