import { zIdParams } from '../schemas/common.js';
import { zAlertas, zAlertasRun, zEjecucionAlertasQuery, zEstadoAlertas, zMisAlertas } from '../schemas/alerts.js';
import { endpoint } from './endpoint.js';

const tags = ['alertas tempranas'] as const;

/** Early warnings (issue 30): a subject-period's list, the student's own, and the administrator's 'run now'. */
export const alertsEndpoints = {
  ofMateriaPeriodo: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/:id/alertas',
    access: ['teaching:any', 'teaching:own'],
    tags,
    summary: 'Alertas tempranas de los alumnos de una materia por periodo',
    params: zIdParams,
    reply: zAlertas,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/alertas/mias',
    access: ['teaching:read-own-results'],
    tags,
    summary: 'Mis alertas tempranas (materias en curso)',
    reply: zMisAlertas,
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/operations/alertas/run',
    access: ['settings:manage'],
    tags,
    summary: 'Ejecutar ahora la revisión diaria de alertas tempranas (administrador)',
    reply: zAlertasRun,
    errors: [409],
  }),
  /** The administrators' 'Alertas tempranas' screen (issue 44): the last run and a page of what it found. */
  lastRun: endpoint({
    method: 'GET',
    path: '/operations/alertas',
    access: ['settings:manage'],
    tags,
    summary: 'Última ejecución de la revisión de alertas tempranas y los alumnos que encontró (administrador)',
    query: zEjecucionAlertasQuery,
    reply: zEstadoAlertas,
    errors: [400],
  }),
};
