/**
 * bench/lists-structure: the academic-structure lists at faculty scale, through the real app (buildApp +
 * inject: routing, validation, access checks, SQL and serialisation are measured; no network), as bench/lists.
 * - 'Lista de materias por periodo' (POST /api/MateriasPeriodo/all, 25 a page): first page, pages all over
 *   the list, the active period, and its searches (materia, código, malla, profesor);
 * - a period's 'Detalle de materias' (POST /api/periodos/{id}/materias/all, 100 a page): every career, one.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench_structure
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_structure npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_structure npx tsx --conditions=source bench/lists-structure.ts
 *   dropdb -h 127.0.0.1 -U postgres arandu_bench_structure
 *
 * Options as bench/harness.ts says. Not part of `npm test`.
 */
import { closeBench, openBench, runScenarios, type Scenario } from './harness.js';

const bench = await openBench();
try {
  const facts = await bench.query<{
    materias: number;
    inscripciones: number;
    activo: number;
    carreras: number[];
  }>(
    `select (select count(*) from materias_periodo)::int as materias,
            (select count(*) from inscripciones_materia)::int as inscripciones,
            (select id from periodos where activo) as activo,
            (select array_agg(id order by id) from carreras) as carreras`,
  );
  const { materias, inscripciones, activo, carreras } = facts;
  const lastPage = Math.ceil(materias / 25);
  const page = (n: number, filters?: object) => ({ page: n, pageSize: 25, ...(filters ? { filters } : {}) });

  const SCENARIOS: Scenario[] = [
    { name: 'materias por periodo: página 1', url: '/api/MateriasPeriodo/all', bodies: [page(1)] },
    {
      name: 'materias por periodo: páginas 1-última',
      url: '/api/MateriasPeriodo/all',
      bodies: Array.from({ length: 40 }, (_, i) => page(1 + Math.floor((i * (lastPage - 1)) / 39))),
    },
    {
      name: 'materias por periodo: periodo activo',
      url: '/api/MateriasPeriodo/all',
      bodies: Array.from({ length: 10 }, (_, i) => page(1 + i * 4, { periodoId: activo })),
    },
    {
      name: 'materias por periodo: búsquedas',
      url: '/api/MateriasPeriodo/all',
      bodies: [
        { materia: 'calculo' },
        { materia: 'mecánica de suelos' },
        { codigo: 'cb0' },
        { codigo: 'inf05' },
        { malla: 'plan 2023' },
        { materia: 'fisica', periodoId: activo },
        { materia: 'no existe tal materia' },
      ].map((f) => page(1, f)),
    },
    {
      name: 'materias por periodo: profesor',
      url: '/api/MateriasPeriodo/all',
      bodies: ['gonzalez', 'maria', 'benitez', 'nuñez', 'caceres ana'].map((s) => page(1, { profesor: s })),
    },
    {
      name: 'detalle del periodo: todas (100)',
      url: `/api/periodos/${activo}/materias/all`,
      bodies: Array.from({ length: 12 }, (_, i) => ({ page: 1 + i, pageSize: 100, filters: { carreraId: 0 } })),
    },
    {
      name: 'detalle del periodo: una carrera (100)',
      url: `/api/periodos/${activo}/materias/all`,
      bodies: carreras.flatMap((carreraId) =>
        [1, 2, 3].map((p) => ({ page: p, pageSize: 100, filters: { carreraId } })),
      ),
    },
  ];
  console.log(`Base: ${materias} materias por periodo, ${inscripciones} inscripciones.`);
  await runScenarios(bench, SCENARIOS);
} finally {
  await closeBench(bench);
}
