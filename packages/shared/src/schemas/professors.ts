import { z } from 'zod';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zPeriodoOption } from './options.js';
import { zEstadoPublicacion, zProfesorRef, zRendimientoAlumno } from './subject-periods.js';

export const zProfesorMateriasFilters = z.strictObject({
  periodoId: z.number().int().positive().optional(),
  search: zSearchText.optional(),
  /** Staff viewing as staff list every subject-period; anyone else only their own. */
  todos: z.boolean().optional(),
});
export const zProfesorMateriasRequest = zPageRequest(zProfesorMateriasFilters);
export type ProfesorMateriasRequest = z.input<typeof zProfesorMateriasRequest>;

/** A subject-period as the professor's list and dashboard show it (spec 03 section 3). */
export const zProfesorMateria = z.object({
  id: z.number().int(),
  mostrarEnTablero: z.boolean(),
  /** Whether the caller teaches it: only then the star may be toggled. */
  esPropia: z.boolean(),
  profesores: z.array(zProfesorRef),
  codigoMateria: z.string(),
  materia: z.string(),
  seccion: z.string(),
  periodoId: z.number().int(),
  periodo: z.string(),
  anho: z.number().int(),
  malla: z.string(),
  carrera: z.string(),
  numeroSemestre: z.number().int(),
  cantidadInscriptos: z.number().int(),
  estado: zEstadoPublicacion,
  rendimientoAlumno: zRendimientoAlumno,
});
export type ProfesorMateria = z.infer<typeof zProfesorMateria>;
export const zProfesorMateriasPage = zPageReply(zProfesorMateria);
export const zProfesorDashboard = z.array(zProfesorMateria);

export const zToggleDashboard = z.strictObject({ id: z.number().int().positive() });
export const zToggleDashboardReply = z.object({ id: z.number().int(), mostrarEnTablero: z.boolean() });

export const zProfesorFormData = z.object({ periodos: z.array(zPeriodoOption) });
export type ProfesorFormData = z.infer<typeof zProfesorFormData>;
