/**
 * Score autosaves under load (issue 10): C clients (default 100) each keep sending `update-score` for their
 * own student's cells, one save after another, for S seconds (default 30), through the real app (buildApp +
 * inject: routing, validation, access checks, the locked upsert, the PP recompute and the audit trigger, no
 * network) over the PostgreSQL database DATABASE_URL names. Builds its own subject-period with C students and
 * 5 homework; prints saves/s and p50/p95/p99 in ms.
 *
 * Closed loop (default): each client sends its next save as soon as the last one is answered, so the figures
 * are the server's capacity (latency ≈ clients ÷ saves/s). `--pace MS`: each client sends a save every MS ms
 * whether or not the last one was answered, as the plan page does (a cell is saved 500 ms after the last
 * keystroke, so one professor typing non-stop sends at most two saves a second); each latency counts from the
 * save's scheduled time, so a server falling behind shows in it.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_autosave
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_autosave npx tsx --conditions=source bench/autosave.ts
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/api/src/db/sql.js';
import { writeTx } from '../apps/api/src/db/tx.js';
import { hashPassword } from '../apps/api/src/modules/auth/password.js';
import { openApp } from './harness.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    pace: { type: 'string' },
  },
});
const pace = values.pace === undefined ? undefined : Number(values.pace);
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const PASSWORD = 'Arandu2026!';

const { app, database } = await openApp();
const db = database.db;

const run = `${Date.now()}`;
const passwordHash = await hashPassword(PASSWORD);
const fixture = await writeTx(db, null, async (tx) => {
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await rows<T>(tx, q))[0]!;
  const carrera = await one<{ id: number }>(
    sql`insert into carreras (nombre, codigo) values (${`Bench ${run}`}, ${`B${run}`}) returning id`,
  );
  const malla = await one<{ id: number }>(
    sql`insert into mallas (carrera_id, nombre, fecha_vigencia) values (${carrera.id}, 'Bench', '2020-01-01') returning id`,
  );
  const materia = await one<{ id: number }>(
    sql`insert into materias (nombre, codigo) values (${`Bench ${run}`}, ${`BM${run}`}) returning id`,
  );
  const mm = await one<{ id: number }>(
    sql`insert into materias_malla (malla_id, materia_id, semestre_nro_orden, codigo)
        values (${malla.id}, ${materia.id}, 1, ${`BM${run}`}) returning id`,
  );
  await tx.execute(sql`insert into anhos_lectivos (anho) values (2026) on conflict do nothing`);
  const periodo = await one<{ id: number }>(
    sql`insert into periodos (anho_lectivo_id, nombre, inicio_clases, fin_clases, inicio_periodo_inscripcion,
          fin_periodo_inscripcion, fin_calificar_tareas, fin_editar_planeamiento)
        select id, ${`Bench ${run}`}, now(), now() + interval '90 days', now(), now() + interval '9 days',
               now() + interval '100 days', now() + interval '30 days' from anhos_lectivos where anho = 2026
        returning id`,
  );
  let documento = Number(run.slice(-6)) * 1000;
  const user = (n: string, rol: 'profesor' | 'alumno') =>
    one<{ id: number }>(
      sql`insert into usuarios (nombre, apellido, numero_documento, email, password_hash, es_profesor, es_alumno, first_login)
          values ('Bench', ${n}, ${String(++documento)}, ${`${n}@bench.edu.py`}, ${passwordHash},
                  ${rol === 'profesor'}, ${rol === 'alumno'}, false) returning id`,
    );
  const profesor = await user(`p${run}`, 'profesor');
  const mp = await one<{ id: number }>(
    sql`insert into materias_periodo (materia_malla_id, periodo_id, seccion) values (${mm.id}, ${periodo.id}, 'A') returning id`,
  );
  await tx.execute(
    sql`insert into profesores_materia_periodo (materia_periodo_id, usuario_id, rol) values (${mp.id}, ${profesor.id}, 'Encargado')`,
  );
  const inscripciones: number[] = [];
  for (let i = 0; i < clients; i++) {
    const alumno = await user(`a${i}x${run}`, 'alumno');
    const perfil = await one<{ id: number }>(
      sql`insert into perfiles_alumno (usuario_id, malla_id, numero_legajo, fecha_ingreso)
          values (${alumno.id}, ${malla.id}, ${(Number(run.slice(-6)) * 1000 + i) % 2_000_000_000}, '2026-02-01') returning id`,
    );
    const insc = await one<{ id: number }>(
      sql`insert into inscripciones_materia (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id)
          values (${perfil.id}, ${mp.id}, ${mm.id}, ${periodo.id}) returning id`,
    );
    inscripciones.push(insc.id);
  }
  const tareas = await rows<{ id: number }>(
    tx,
    sql`insert into tareas_materia (materia_periodo_id, descripcion, puntaje_total, fecha_entrega)
        select ${mp.id}, 'Tarea ' || n, 100, '2026-04-01' from generate_series(1, 5) n returning id`,
  );
  return { email: `p${run}@bench.edu.py`, inscripciones, tareas: tareas.map((t) => t.id) };
});

const login = await app.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { email: fixture.email, password: PASSWORD },
});
const authorization = `Bearer ${login.json<{ token: string }>().token}`;

const latencies: number[] = [];
const statuses = new Map<number, number>();
const until = performance.now() + seconds * 1000;
let secuencia = Date.now();

function save(i: number, n: number) {
  return app.inject({
    method: 'POST',
    url: '/api/homework/homework/update-score',
    headers: { authorization },
    payload: {
      inscripcionMateriaId: fixture.inscripciones[i]!,
      tareaMateriaId: fixture.tareas[n % fixture.tareas.length]!,
      puntajeObtenido: n % 101,
      secuencia: ++secuencia,
    },
  });
}

function record(started: number, statusCode: number) {
  latencies.push(performance.now() - started);
  statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
}

async function closedLoopClient(i: number) {
  for (let n = 0; performance.now() < until; n++) {
    const started = performance.now();
    record(started, (await save(i, n)).statusCode);
  }
}

/** A save every `every` ms from a start spread over the first interval, answered or not. */
async function pacedClient(i: number, every: number) {
  const sent: Promise<void>[] = [];
  const first = performance.now() + (i * every) / clients;
  for (let n = 0; ; n++) {
    const due = first + n * every;
    if (due >= until) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(save(i, n).then((res) => record(due, res.statusCode)));
  }
  await Promise.all(sent);
}

const t0 = performance.now();
await Promise.all(Array.from({ length: clients }, (_, i) => (pace ? pacedClient(i, pace) : closedLoopClient(i))));
const wall = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!.toFixed(1);
console.log(
  `clients: ${clients}${pace ? ` (a save every ${pace} ms each)` : ' (closed loop)'}, ${wall.toFixed(1)} s, ${latencies.length} saves, ${(latencies.length / wall).toFixed(0)} saves/s`,
);
console.log(`status: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}`);
await app.close();
await database.close();
