/**
 * The report lists of issue 13 for bench/lists: page 1 and deep pages of each, with the filters the screens
 * send. The ids of the active period and of its most crowded subject-period come from the data.
 */
import type { Bench, Scenario } from './harness.js';

const page = (page: number, filters: object) => ({ page, pageSize: 100, filters });

export async function reportScenarios(bench: Bench): Promise<Scenario[]> {
  const { periodoId, carreraId, materiaId } = await bench.query<{
    periodoId: number;
    carreraId: number;
    materiaId: number;
  }>(
    `select (select id from periodos where activo) as "periodoId", (select min(id) from carreras) as "carreraId",
            (select materia_periodo_id from inscripciones_materia group by 1 order by count(*) desc limit 1) as "materiaId"`,
  );
  const deep = (filters: object, pages: number) =>
    Array.from({ length: 20 }, (_, i) => page(1 + Math.floor((i * pages) / 20), filters));
  return [
    {
      name: 'reports: inscriptos, active period, page 1',
      url: '/api/reports/reporte_inscriptos',
      bodies: [page(1, { periodoId })],
    },
    {
      name: 'reports: inscriptos, active period, pages 1-170',
      url: '/api/reports/reporte_inscriptos',
      bodies: deep({ periodoId }, 170),
    },
    {
      name: 'reports: inscriptos, every period, page 1',
      url: '/api/reports/reporte_inscriptos',
      bodies: [page(1, {})],
    },
    {
      name: 'reports: inscriptos, period + career + search',
      url: '/api/reports/reporte_inscriptos',
      bodies: ['gonzalez', 'maria', '101234'].map((search) => page(1, { periodoId, carreraId, search })),
    },
    {
      name: 'reports: asistencia y PP, largest subject',
      url: '/api/reports/reporte_alumnos_por_materia',
      bodies: [page(1, { materiaId })],
    },
    { name: 'reports: alumnos, no filter, pages 1-200', url: '/api/reports/reporte_alumnos', bodies: deep({}, 200) },
    {
      name: 'reports: alumnos, active period + career',
      url: '/api/reports/reporte_alumnos',
      bodies: [page(1, { periodoId, carreraId }), page(5, { periodoId, carreraId })],
    },
    {
      name: 'reports: alumnos, semester 3 + active period',
      url: '/api/reports/reporte_alumnos',
      bodies: [page(1, { periodoId, semestre: 3 })],
    },
    {
      name: 'reports: inscriptos chart',
      url: '/api/reports/reporte_inscriptos_grafico',
      bodies: [page(1, { periodoId })],
    },
    { name: 'reports: alumnos chart', url: '/api/reports/reporte_alumnos_grafico', bodies: [page(1, { periodoId })] },
  ];
}
