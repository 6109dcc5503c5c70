// "Stateless processes" smoke (issue 15 item 5), run by .ci/run on the PostgreSQL server: two API processes
// start TOGETHER with SEED_DEMO=always on one empty database (the seed must run once, under the migrations'
// advisory lock, or one dies on `carreras_nombre_unique`), then a session made on one is used on the other,
// writes made through each (a career, % PP, a homework score, an enrolment) are read through the other, and a
// logout on one ends the session on both.
//
// With --app-role the processes run with the role split of decision 017: they migrate and seed as --url's user
// (MIGRATION_DATABASE_URL) and serve as that role (DATABASE_URL), which must exist and may log in.
//
//   node scripts/two-process-smoke.mjs [--url postgres://postgres@127.0.0.1:5432] [--app-role arandu_app]
//   (needs `npm run build`)
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './lib.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const serverUrl = option('--url') ?? 'postgres://postgres@127.0.0.1:5432';
const appRole = option('--app-role');
const appUrl = (() => {
  if (!appRole) return serverUrl;
  const u = new URL(serverUrl);
  u.username = appRole;
  u.password = '';
  return u.toString().replace(/\/$/, '');
})();
const dbName = `arandu_smoke_${process.pid}`;
const PORTS = [3291, 3292];

async function admin(sql) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function start(port) {
  const child = spawn('node', [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'always',
      DATABASE_URL: `${appUrl}/${dbName}`,
      MIGRATION_DATABASE_URL: appRole ? `${serverUrl}/${dbName}` : '',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stderrSoFar = () => stderr;
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  return child;
}

async function ready(child, port) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const exited = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r(undefined), 250))]);
    if (exited) throw new Error(`the process on ${port} died: ${exited.stderr.slice(0, 500)}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`the process on ${port} did not start`);
}

const [A, B] = PORTS.map((port) => `http://127.0.0.1:${port}/api`);
async function call(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}
const checks = [];
function check(what, ok, detail = '') {
  checks.push({ what, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : ` ${detail}`}`);
}

await admin(`create database ${dbName}`);
const children = PORTS.map(start);
try {
  await Promise.all(children.map((c, k) => ready(c, PORTS[k])));
  check('two processes started together on an empty database (the seed ran once)', true);
  if (appRole) {
    const warned = children.some((c) => c.stderrSoFar().includes('Atención'));
    check(`with the role split they serve as ${appRole} and give no owner warning`, !warned);
  }

  const login = await call(A, 'POST', '/users/login', undefined, {
    email: 'admin@demo.edu.py',
    password: 'Arandu2026!',
  });
  const token = login.json?.token;
  check('login on process A', login.status === 200, JSON.stringify(login.json));
  const status = await call(B, 'GET', '/users/get_login_status', token);
  check('the session made on A works on B', status.status === 200, String(status.status));

  const saved = await call(A, 'POST', '/carreras', token, { nombre: 'Humo de dos procesos', codigo: 'HUMO' });
  const read = await call(B, 'GET', `/carreras/${saved.json?.id}`, token);
  check('a career saved through A is read through B', read.json?.codigo === 'HUMO', JSON.stringify(read.json));
  const renamed = await call(B, 'POST', '/carreras', token, {
    id: saved.json?.id,
    nombre: 'Humo renombrado',
    codigo: 'HUMO',
  });
  const reread = await call(A, 'GET', `/carreras/${saved.json?.id}`, token);
  check('its change through B is read through A', renamed.status === 200 && reread.json?.nombre === 'Humo renombrado');

  // A score (the hand-entered % PP of spec 03) saved through each process and read through the other.
  const list = await call(A, 'POST', '/MateriasPeriodo/all', token, { page: 1, pageSize: 50 });
  const taught = list.json?.items?.find((row) => row.cantidadInscriptos > 0);
  const students = await call(B, 'POST', `/MateriasPeriodo/${taught?.id}/alumnos`, token, { page: 1, pageSize: 5 });
  const enrolment = students.json?.items?.[0];
  for (const [via, other, value] of [
    [A, B, 81],
    [B, A, 86],
  ]) {
    const save = await call(via, 'POST', '/studentsubjects/actualizar_notas', token, {
      inscripcionMateriaId: enrolment?.id,
      porcentajePP: value,
    });
    const back = await call(other, 'POST', `/MateriasPeriodo/${taught?.id}/alumnos`, token, { page: 1, pageSize: 5 });
    const seen = back.json?.items?.find((row) => row.id === enrolment?.id)?.porcentajePP;
    check(
      `% PP ${value} saved through ${via === A ? 'A' : 'B'} is read through the other`,
      save.status === 200 && seen === value,
      `${save.status} ${JSON.stringify(save.json)} seen ${seen}`,
    );
  }

  // A homework score (the plan page's autosave) saved through each process and read through the other.
  const tarea = await call(A, 'POST', '/homework/homework', token, {
    materiaPeriodoId: taught?.id,
    descripcion: 'Tarea de dos procesos',
    fechaEntrega: '2026-12-01',
    tipoTarea: 1,
    puntajeTotal: 10,
  });
  check('homework created through A', tarea.status === 200, `${tarea.status} ${JSON.stringify(tarea.json)}`);
  for (const [via, other, value] of [
    [A, B, 7],
    [B, A, 9],
  ]) {
    const save = await call(via, 'POST', '/homework/homework/update-score', token, {
      id: 0,
      inscripcionMateriaId: enrolment?.id,
      tareaMateriaId: tarea.json?.id,
      puntajeObtenido: value,
    });
    const back = await call(other, 'GET', `/homework/${taught?.id}/calificaciones`, token);
    const row = back.json?.alumnos?.find((a) => a.id === enrolment?.id);
    const seen = row?.calificaciones?.find((c) => c.tareaId === tarea.json?.id)?.puntaje;
    check(
      `score ${value} saved through ${via === A ? 'A' : 'B'} is read through the other`,
      save.status === 200 && seen === value,
      `${save.status} ${JSON.stringify(save.json)} seen ${seen}`,
    );
  }

  // An enrolment (save-inscription, as staff) made through each process and read through the other: a demo
  // student's subjects still open to them in the active period that 'Validar' accepts (the demo's correlatives
  // lock some, issue 29), tried in turn until one is accepted (a subject whose hours clash with one taken in
  // the meantime is refused, rightly).
  const page = await call(B, 'POST', '/students/all', token, { page: 1, pageSize: 25 });
  let student;
  let open = [];
  for (const candidate of page.json?.items ?? []) {
    const form = await call(A, 'GET', `/studentsubjects/subjects_by_semesters/${candidate.id}`, token);
    const offered = (form.json?.semestres ?? []).flatMap((s) => s.materias).filter((m) => !m.inscripto && !m.aprobada);
    if (offered.length === 0) continue;
    const checked = await call(A, 'POST', '/studentsubjects/validar', token, {
      perfilAlumnoId: candidate.id,
      conforme: true,
      materiasModificadas: offered.map((m) => ({ materiaPeriodoId: m.materiaPeriodoId, inscripto: true })),
    });
    const accepted = new Set((checked.json ?? []).filter((l) => l.ok).map((l) => l.materiaPeriodoId));
    open = offered.filter((m) => accepted.has(m.materiaPeriodoId));
    if (open.length >= 2) {
      student = candidate;
      break;
    }
  }
  check('a demo student with subjects open to enrol', !!student, JSON.stringify(page.json).slice(0, 200));
  for (const [via, other] of [
    [A, B],
    [B, A],
  ]) {
    let accepted;
    let lines = [];
    while (!accepted && open.length > 0) {
      const materia = open.shift();
      const save = await call(via, 'POST', '/studentsubjects/save-inscription', token, {
        perfilAlumnoId: student?.id,
        conforme: true,
        materiasModificadas: [{ materiaPeriodoId: materia.materiaPeriodoId, inscripto: true }],
      });
      lines = save.json;
      if (save.status === 200 && save.json?.[0]?.success) accepted = materia;
    }
    const back = await call(other, 'GET', `/studentsubjects/subjects_by_semesters/${student?.id}`, token);
    const enrolled = back.json?.semestres
      ?.flatMap((s) => s.materias)
      .find((m) => m.materiaPeriodoId === accepted?.materiaPeriodoId)?.inscripto;
    check(
      `an enrolment saved through ${via === A ? 'A' : 'B'} is read through the other`,
      !!accepted && enrolled === true,
      `last reply ${JSON.stringify(lines)} enrolled ${enrolled}`,
    );
  }

  const logout = await call(B, 'POST', '/users/logout', token);
  const after = await call(A, 'GET', '/users/get_login_status', token);
  check(
    'a logout on B ends the session on A',
    logout.status < 300 && after.status === 401,
    `${logout.status} ${after.status}`,
  );
} catch (err) {
  check('smoke ran to the end', false, String(err));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => c.exited));
  await admin(`drop database if exists ${dbName} with (force)`);
}
const failed = checks.filter((c) => !c.ok).length;
console.log(`\ntwo-process smoke: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
