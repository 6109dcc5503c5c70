import { z } from 'zod';
import { PLANNING_STEPS } from '../messages-planning.js';
import { zId, zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import {
  zOldPlanning,
  zPlanningCreation,
  zPlanningFormData,
  zPlanningPage,
  zPlanningSave,
  type PlanningPageNumber,
} from '../schemas/planning.js';
import { TEACHING } from './access.js';
import { endpoint } from './endpoint.js';

const tags = ['planeamiento'] as const;

/** `GET /api/planning/{id}/page-{n}`: one step of the wizard, `id` the subject-period's. */
function pageEndpoint<N extends PlanningPageNumber, R extends z.ZodType>(n: N, reply: R) {
  return endpoint({
    method: 'GET',
    path: `/planning/:id/page-${n}`,
    access: TEACHING,
    tags,
    summary: `Paso ${n}: ${PLANNING_STEPS[n - 1]}${n === 1 ? ' (solo cuatro claves si aún no hay planeamiento)' : ''}`,
    params: zIdParams,
    reply,
  });
}

/** `POST /api/planning/page{n}`: saves one step; page 1 also creates (or copies) the planning. */
function savePageEndpoint<N extends PlanningPageNumber>(n: N) {
  return endpoint({
    method: 'POST',
    path: `/planning/page${n}`,
    access: TEACHING,
    tags,
    summary: `Guardar el paso ${n}: ${PLANNING_STEPS[n - 1]}${n === 1 ? ' (crea o copia el planeamiento si no existe)' : ''}`,
    body: zPlanningSave[n],
    reply: zIdReply,
  });
}

/**
 * The planning wizard (`/api/planning`, spec 03 section 7). `{id}` is the subject-period's id; each of the
 * nine pages has its own GET and save, so every body and reply is documented with its own schema.
 */
export const planningEndpoints = {
  formData: endpoint({
    method: 'GET',
    path: '/planning/form-data',
    access: TEACHING,
    tags,
    summary: 'Opciones de duración de actividad',
    reply: zPlanningFormData,
  }),
  oldPlannings: endpoint({
    method: 'GET',
    path: '/planning/list-old-plannings/:materiaMallaId',
    access: TEACHING,
    tags,
    summary: 'Planeamientos de la misma materia de la malla, para copiar (id: la materia periodo)',
    params: z.object({ materiaMallaId: zId }),
    reply: z.array(zOldPlanning),
  }),
  download: endpoint({
    method: 'GET',
    path: '/planning/download/:id',
    access: TEACHING,
    tags,
    summary: 'Descargar planeamiento: Planeamiento.xlsx',
    params: zIdParams,
    reply: null,
    download: true,
  }),
  /** Page 1 answers only four keys while there is no planning yet (creation mode, spec 03 section 4). */
  page: {
    1: pageEndpoint(1, z.union([zPlanningPage[1], zPlanningCreation])),
    2: pageEndpoint(2, zPlanningPage[2]),
    3: pageEndpoint(3, zPlanningPage[3]),
    4: pageEndpoint(4, zPlanningPage[4]),
    5: pageEndpoint(5, zPlanningPage[5]),
    6: pageEndpoint(6, zPlanningPage[6]),
    7: pageEndpoint(7, zPlanningPage[7]),
    8: pageEndpoint(8, zPlanningPage[8]),
    9: pageEndpoint(9, zPlanningPage[9]),
  },
  savePage: {
    1: savePageEndpoint(1),
    2: savePageEndpoint(2),
    3: savePageEndpoint(3),
    4: savePageEndpoint(4),
    5: savePageEndpoint(5),
    6: savePageEndpoint(6),
    7: savePageEndpoint(7),
    8: savePageEndpoint(8),
    9: savePageEndpoint(9),
  },
};
