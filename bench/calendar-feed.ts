/**
 * bench/calendar-feed: the calendar feed (/api/calendario/{token}.ics, issue 45) of a student with 7 subjects,
 * through the real app (buildApp + inject: routing, the per-address throttle, the token lookup, the week's rows,
 * the holidays, the SEQUENCE upsert and ical.js's serialisation; no network). Also GET /api/horario/mio for the
 * same student over 4 weeks, signed in.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/calendar-feed.ts
 *
 * Options: --calls N (default 300). Each call comes from its own address, so the throttle (120 a minute per
 * address) counts but never refuses. Not part of `npm test`.
 */
import { parseArgs } from 'node:util';
import { dateInAsuncion } from '@arandu/shared';
import { linksKey, tokenFor } from '../apps/api/src/modules/schedule/feed-links.js';
import { closeBench, openBench } from './harness.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' } } });
const CALLS = Number(values.calls);
const WARMUP = 20;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const bench = await openBench();
try {
  // A student of the active period with 7 subjects (the most there are when none has exactly 7).
  const alumno = await bench.query<{ usuarioId: number; email: string; materias: number }>(
    `select pa.usuario_id as "usuarioId", u.email, count(*)::int as materias
       from inscripciones_materia im join periodos p on p.id = im.periodo_id and p.activo
       join perfiles_alumno pa on pa.id = im.perfil_alumno_id join usuarios u on u.id = pa.usuario_id
      group by pa.usuario_id, u.email order by abs(count(*) - 7), pa.usuario_id limit 1`,
  );
  const counts = await bench.query<{ alumnos: number; horarios: number; examenes: number }>(
    `select (select count(*) from perfiles_alumno)::int as alumnos, (select count(*) from horarios)::int as horarios,
            (select count(*) from examenes)::int as examenes`,
  );
  console.log(
    `Base: ${counts.alumnos} alumnos, ${counts.horarios} filas de horario, ${counts.examenes} exámenes; ` +
      `alumno ${alumno.email} con ${alumno.materias} materias en el periodo activo.`,
  );
  const db = bench.database.db;
  const token = await tokenFor(db, await linksKey(db, undefined), alumno.usuarioId);

  const run = async (name: string, call: (i: number) => Promise<{ statusCode: number; body: string }>) => {
    const times: number[] = [];
    let size = 0;
    let cpu = { user: 0, system: 0 };
    for (let i = 0; i < WARMUP + CALLS; i++) {
      if (i === WARMUP) cpu = process.cpuUsage();
      const started = performance.now();
      const res = await call(i);
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= WARMUP) times.push(ms);
      size = res.body.length;
    }
    // The API's own CPU a call (this process: routing, the driver, ical.js), whatever else the machine runs.
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms  CPU ${((used.user + used.system) / 1000 / CALLS).toFixed(2)} ms/llamada  ` +
        `(${size} bytes)`,
    );
  };

  await run('feed .ics (7 materias)', (i) =>
    bench.app.inject({
      method: 'GET',
      url: `/api/calendario/${token}.ics`,
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }),
  );
  // The same student's 4 weeks, signed in as them (the scale seed's password is the demo's).
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: alumno.email, password: 'Arandu2026!' },
  });
  if (login.statusCode === 200) {
    const authorization = `Bearer ${login.json<{ token: string }>().token}`;
    const desde = dateInAsuncion(new Date());
    const hasta = dateInAsuncion(new Date(Date.now() + 27 * 86_400_000));
    await run('GET /api/horario/mio (4 semanas)', () =>
      bench.app.inject({
        method: 'GET',
        url: `/api/horario/mio?desde=${desde}&hasta=${hasta}`,
        headers: { authorization },
      }),
    );
  } else {
    console.log(`GET /api/horario/mio: not measured (login of ${alumno.email}: ${login.statusCode})`);
  }
} finally {
  await closeBench(bench);
}
