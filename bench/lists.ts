/**
 * bench/lists: the list calls of the app at faculty scale, through the real app (buildApp + inject, so the
 * routing, validation, access checks, SQL and serialisation are all measured; no network).
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/lists.ts
 *   dropdb -h 127.0.0.1 -U postgres arandu_bench
 *
 * Each scenario is one call shape; a list of bodies is cycled through, so searches vary. Add a scenario to
 * SCENARIOS to measure another list. Not part of `npm test`.
 */
import { closeBench, openBench, runScenarios, type Scenario } from './harness.js';
import { reportScenarios } from './lists-reports.js';

const page = (page: number, filters?: object) => ({ page, pageSize: 25, ...(filters ? { filters } : {}) });

/** A list's first page, a walk through 400 pages and text searches. */
const pagesAndSearches = (name: string, url: string, searches: string[]): Scenario[] => [
  { name: `${name}: page 1, no search`, method: 'POST', url, bodies: [page(1)] },
  {
    name: `${name}: pages 1-400, no search`,
    method: 'POST',
    url,
    bodies: Array.from({ length: 40 }, (_, i) => page(1 + i * 10)),
  },
  { name: `${name}: search text`, method: 'POST', url, bodies: searches.map((search) => page(1, { search })) },
];

const SCENARIOS: Scenario[] = [
  ...pagesAndSearches('users', '/api/users/all', [
    'gonzalez',
    'maria',
    'benitez ana',
    'caceres',
    '3001234',
    'alumno1234',
    'profesor',
    'nuñez',
  ]),
  { name: 'users: role Profesor', method: 'POST', url: '/api/users/all', bodies: [page(1, { roles: [1] })] },
  ...pagesAndSearches('students', '/api/students/all', [
    'gonzalez',
    'maria',
    'benitez ana',
    'caceres',
    '3001234',
    '101234',
    'rojas lucas',
    'villalba',
  ]),
  { name: 'audit: page 1, no filter', method: 'POST', url: '/api/users/all_auditlog', bodies: [page(1)] },
  {
    name: 'audit: table and type',
    method: 'POST',
    url: '/api/users/all_auditlog',
    bodies: [page(1, { tabla: 'usuarios', tipo: 1 }), page(1, { tabla: 'perfiles_alumno' })],
  },
];

const bench = await openBench();
try {
  const counts = await bench.query<{ usuarios: number; alumnos: number }>(
    'select (select count(*) from usuarios)::int as usuarios, (select count(*) from perfiles_alumno)::int as alumnos',
  );
  console.log(`Base: ${counts.usuarios} usuarios, ${counts.alumnos} fichas de alumno.`);
  await runScenarios(bench, [...SCENARIOS, ...(await reportScenarios(bench))]);
} finally {
  await closeBench(bench);
}
