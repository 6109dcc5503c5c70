import { z } from 'zod';
import { MSG_SCHEDULE, HORARIO_MAX_DIAS } from '../messages-schedule.js';
import { zId } from './common.js';
import { zCalendarDate } from './options.js';
import { zText } from './text.js';

const DAY_MS = 86_400_000;

/** `?desde=&hasta=` (aaaa-mm-dd, both included): at most HORARIO_MAX_DIAS days, `hasta` not before `desde`. */
export const zHorarioRango = z
  .object({ desde: zCalendarDate(MSG_SCHEDULE.desdeRequired), hasta: zCalendarDate(MSG_SCHEDULE.hastaRequired) })
  .superRefine((r, ctx) => {
    const days = (Date.parse(`${r.hasta}T00:00:00Z`) - Date.parse(`${r.desde}T00:00:00Z`)) / DAY_MS;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['hasta'], message: MSG_SCHEDULE.rangeOrder });
    else if (days + 1 > HORARIO_MAX_DIAS) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: MSG_SCHEDULE.rangeTooLong });
    }
  });
export type HorarioRango = z.infer<typeof zHorarioRango>;

/** Whose week: a student (their profile's id), a professor (their user id) or a room. */
export const HORARIO_TITULARES = ['alumno', 'profesor', 'aula'] as const;
export type HorarioTitular = (typeof HORARIO_TITULARES)[number];

export const zHorarioParams = z.object({
  titular: z.enum(HORARIO_TITULARES, { error: "Indique 'alumno', 'profesor' o 'aula'" }),
  id: zId,
});

const ocurrenciaFields = {
  /** ISO 8601 instants with Asunción's offset ('2026-03-02T07:00:00-03:00'). */
  inicio: z.string(),
  fin: z.string(),
  materia: z.string(),
  seccion: z.string(),
  aula: z.string().nullable(),
  profesor: z.string().nullable(),
};

/** One dated class or exam of a week: what the web, the printout and the calendar feed all show. */
export const zHorarioOcurrencia = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('clase'), ...ocurrenciaFields, materiaPeriodoId: z.number().int() }),
  z.object({ tipo: z.literal('examen'), ...ocurrenciaFields, examenId: z.number().int() }),
]);
export type HorarioOcurrencia = z.infer<typeof zHorarioOcurrencia>;
export const zHorarioSemana = z.array(zHorarioOcurrencia);

/** The signed-in person's private feed address. */
export const zCalendarioEnlace = z.object({ url: z.string() });
export type CalendarioEnlace = z.infer<typeof zCalendarioEnlace>;

/**
 * `/calendario/{token}.ics`: the token as the link carries it (base64url of 32 random bytes). Anything else is
 * answered like an unknown token.
 */
export const zCalendarioFeedParams = z.object({ archivo: zText().max(100) });
