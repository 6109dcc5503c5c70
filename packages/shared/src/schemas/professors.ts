import { z } from 'zod';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zPeriodoOption } from './options.js';
import { zMateriaPeriodoRow, zRendimientoAlumno } from './subject-periods.js';

export const zProfesorMateriasFilters = z.strictObject({
  periodoId: z.number().int().positive().optional(),
  search: zSearchText.optional(),
  /** Staff viewing as staff list every subject-period; anyone else only their own. */
  todos: z.boolean().optional(),
});
export const zProfesorMateriasRequest = zPageRequest(zProfesorMateriasFilters);

/**
 * A subject-period as the professor's list and dashboard show it (spec 03 section 3): the row of the
 * subject-period list, with the dashboard star, the year, the semester by the spec's name and the results' dates.
 */
export const zProfesorMateria = zMateriaPeriodoRow.omit({ semestreNroOrden: true, tieneHorario: true }).extend({
  mostrarEnTablero: z.boolean(),
  /** Whether the caller teaches it: only then the star may be toggled. */
  esPropia: z.boolean(),
  anho: z.number().int(),
  numeroSemestre: z.number().int(),
  rendimientoAlumno: zRendimientoAlumno,
});
export type ProfesorMateria = z.infer<typeof zProfesorMateria>;
export const zProfesorMateriasPage = zPageReply(zProfesorMateria);
export const zProfesorDashboard = z.array(zProfesorMateria);

export const zToggleDashboard = z.strictObject({ id: z.number().int().positive() });
export const zToggleDashboardReply = z.object({ id: z.number().int(), mostrarEnTablero: z.boolean() });

export const zProfesorFormData = z.object({ periodos: z.array(zPeriodoOption) });
