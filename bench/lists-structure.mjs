// Latency of the academic-structure lists at faculty scale: the subject-period list ('Lista de materias por
// periodo', 25 a page, with and without its searches) and a period's 'Detalle de materias' table (100 a
// page). Run it against a server on a database filled by `npm run seed:scale -- --students 20000`:
//
//   node bench/lists-structure.mjs --base http://127.0.0.1:3000 [--requests 300] [--concurrency 1]
//
// Start the server with TRUST_PROXY=true: the requests come from rotating addresses (X-Forwarded-For) so the
// per-address safety limit of the API (1200 a minute) does not throttle the benchmark.
//
// It signs in as admin@demo.edu.py, warms each request up, then sends `requests` of each and prints the
// total rows and the p50, p95 and p99 latency in milliseconds, measured by the client (HTTP included).
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg('base', 'http://127.0.0.1:3000');
const requests = Number(arg('requests', 300));
const concurrency = Number(arg('concurrency', 1));
const WARMUP = 20;

let sent = 0;
async function call(method, path, token, body) {
  const n = Math.floor(sent++ / 500);
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const { token } = await call('POST', '/users/login', undefined, {
  email: 'admin@demo.edu.py',
  password: 'Arandu2026!',
});
const { periodos, carreras } = await call('GET', '/periodos/form_data', token);
const active = periodos.find((p) => p.activo) ?? periodos[0];
const first = await call('POST', '/MateriasPeriodo/all', token, { page: 1, pageSize: 25 });
const lastPage = Math.max(1, Math.ceil(first.totalItemsCount / 25));

/** Each scenario: a label and a function giving the i-th request's body (pages vary so no two are alike). */
const scenarios = [
  {
    label: 'materias por periodo, página 1 (25)',
    path: () => '/MateriasPeriodo/all',
    body: () => ({ page: 1, pageSize: 25 }),
  },
  {
    label: 'materias por periodo, página al azar (25)',
    path: () => '/MateriasPeriodo/all',
    body: (i) => ({ page: 1 + ((i * 7919) % lastPage), pageSize: 25 }),
  },
  {
    label: 'materias por periodo, periodo activo',
    path: () => '/MateriasPeriodo/all',
    body: (i) => ({ page: 1 + (i % 10), pageSize: 25, filters: { periodoId: active.value } }),
  },
  {
    label: "materias por periodo, materia 'calculo'",
    path: () => '/MateriasPeriodo/all',
    body: () => ({ page: 1, pageSize: 25, filters: { materia: 'calculo' } }),
  },
  {
    label: "materias por periodo, profesor 'gonzalez'",
    path: () => '/MateriasPeriodo/all',
    body: () => ({ page: 1, pageSize: 25, filters: { profesor: 'gonzalez' } }),
  },
  {
    label: 'detalle de materias del periodo, todas (100)',
    path: () => `/periodos/${active.value}/materias/all`,
    body: (i) => ({ page: 1 + (i % 5), pageSize: 100, filters: { carreraId: 0 } }),
  },
  {
    label: 'detalle de materias del periodo, una carrera (100)',
    path: () => `/periodos/${active.value}/materias/all`,
    body: (i) => ({ page: 1, pageSize: 100, filters: { carreraId: carreras[i % carreras.length].value } }),
  },
];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

console.log(`servidor ${base}; periodo activo ${active.label}; ${first.totalItemsCount} materias por periodo en total`);
console.log(`${requests} solicitudes por escenario, ${concurrency} a la vez\n`);
console.log('escenario'.padEnd(52) + 'filas'.padStart(7) + 'p50'.padStart(8) + 'p95'.padStart(8) + 'p99'.padStart(8));
for (const s of scenarios) {
  for (let i = 0; i < WARMUP; i++) await call('POST', s.path(i), token, s.body(i));
  const latencies = [];
  let total = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const started = performance.now();
      const reply = await call('POST', s.path(i), token, s.body(i));
      latencies.push(performance.now() - started);
      total = reply.totalItemsCount;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  console.log(
    s.label.padEnd(52) +
      String(total).padStart(7) +
      [50, 95, 99].map((p) => pct(latencies, p).toFixed(1).padStart(8)).join(''),
  );
}
