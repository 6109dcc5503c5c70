import { z } from 'zod';
import { CUPO_MSG } from '../messages-seats.js';
import { zId } from './common.js';
import { zText } from './text.js';

/** A full subject-period's answer line: the student joined its waiting list. */
export const zListaEsperaLine = z.object({ posicion: z.number().int() });

/** GET /api/studentsubjects/lista-espera: the student's own entries. */
export const zMiListaEsperaItem = z.object({
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  seccion: z.string(),
  periodo: z.string(),
  posicion: z.number().int(),
  /** ISO instant: the open offer's deadline; null while waiting. */
  ofertaVence: z.string().nullable(),
});
export type MiListaEsperaItem = z.infer<typeof zMiListaEsperaItem>;
export const zMiListaEspera = z.array(zMiListaEsperaItem);

/** GET /api/MateriasPeriodo/{id}/lista-espera: staff's view, in order. */
export const zListaEsperaStaff = z.object({
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  seccion: z.string(),
  cupo: z.number().int().nullable(),
  inscriptos: z.number().int(),
  items: z.array(
    z.object({
      posicion: z.number().int(),
      perfilAlumnoId: z.number().int(),
      alumno: z.string(),
      numeroLegajo: z.number().int(),
      fechaAlta: z.string(),
      ofertaVence: z.string().nullable(),
    }),
  ),
});
export type ListaEsperaStaff = z.infer<typeof zListaEsperaStaff>;

/** POST /api/MateriasPeriodo/{id}/lista-espera/mover: one entry to another position, with a reason. */
export const zListaEsperaMover = z.object({
  perfilAlumnoId: zId,
  posicion: z.number({ error: CUPO_MSG.movePositionInvalid }).int().min(1, CUPO_MSG.movePositionInvalid),
  motivo: zText().trim().min(3, CUPO_MSG.moveReasonRequired).max(500),
});
export type ListaEsperaMover = z.infer<typeof zListaEsperaMover>;

export const zMateriaPeriodoIdParams = z.object({ materiaPeriodoId: z.coerce.number().int().positive() });
