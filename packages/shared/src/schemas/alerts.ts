import { z } from 'zod';
import { CAUSAS_ALERTA } from '../rules/early-warnings.js';
import { pageFields, zPageReply } from '../paging.js';

/** Texts of the early warnings and the notice channel (issue 30). */
export const MSG_ALERTS = {
  runInProgress: 'La revisión de alertas ya se está ejecutando: espere a que termine',
  materiaNotFound: 'No se encontró la materia',
  preferenceInvalid: 'Indique si desea recibir avisos por correo',
} as const;

/** What every warning carries, the subject-period's list and the student's card alike. */
const alertaFields = { causa: z.enum(CAUSAS_ALERTA), detalle: z.string(), fecha: z.string() };

/** `GET /api/MateriasPeriodo/{id}/alertas`: the subject-period's warnings, newest first. */
export const zAlerta = z.object({
  perfilAlumnoId: z.number(),
  alumno: z.string(),
  ...alertaFields,
});
export const zAlertas = z.array(zAlerta);

/** The student's own warnings (the dashboard's card). */
export const zMiAlerta = z.object({
  materiaPeriodoId: z.number(),
  materia: z.string(),
  ...alertaFields,
});
export const zMisAlertas = z.array(zMiAlerta);

/**
 * `POST /api/operations/alertas/run`: what one run found: the subject-periods looked at, the warnings the rules
 * gave (`encontradas`, the ones an earlier run stored included), the new ones it stored (`alertas`) and the mails
 * it queued.
 */
export const zAlertasRun = z.object({
  materias: z.number(),
  encontradas: z.number(),
  alertas: z.number(),
  correos: z.number(),
});
export type AlertasRun = z.infer<typeof zAlertasRun>;

/** Who started a run: the daily job or an administrator's 'Ejecutar ahora'. */
export const ORIGENES_EJECUCION = ['programada', 'manual'] as const;
export type OrigenEjecucion = (typeof ORIGENES_EJECUCION)[number];

/** `GET /api/operations/alertas`: a page of the students the last run flagged, filtered by cause. */
export const zEjecucionAlertasQuery = z.strictObject({
  ...pageFields,
  causa: z.enum(CAUSAS_ALERTA, { error: 'Tipo de alerta inválido' }).optional(),
});

/** The last finished run (issue 44): when, the job or who, and what it found, the new warnings by cause. */
export const zEjecucionAlertas = z.object({
  id: z.number(),
  origen: z.enum(ORIGENES_EJECUCION),
  /** 'Apellido, Nombre' of the administrator who ran it; null for the daily job (or an account deleted since). */
  usuario: z.string().nullable(),
  inicio: z.string(),
  fin: z.string(),
  materias: z.number(),
  encontradas: z.number(),
  nuevas: z.number(),
  correos: z.number(),
  porCausa: z.array(z.object({ causa: z.enum(CAUSAS_ALERTA), cantidad: z.number() })),
});
export type EjecucionAlertas = z.infer<typeof zEjecucionAlertas>;

/** A student the run flagged, with the subject and the reason. */
export const zAlumnoAlertado = z.object({
  perfilAlumnoId: z.number(),
  alumno: z.string(),
  documento: z.string(),
  materiaPeriodoId: z.number(),
  materia: z.string(),
  ...alertaFields,
});
export type AlumnoAlertado = z.infer<typeof zAlumnoAlertado>;

export const zEstadoAlertas = z.object({
  /** A run holds the job now (the daily one or another administrator's): 'Ejecutar ahora' would be refused. */
  enCurso: z.boolean(),
  ultima: zEjecucionAlertas.nullable(),
  /** The page asked for of the warnings the last run stored (empty without a run). */
  alumnos: zPageReply(zAlumnoAlertado),
});
export type EstadoAlertas = z.infer<typeof zEstadoAlertas>;

/** 'Recibir avisos por correo' in the profile. */
export const zAvisosPreferencia = z.strictObject({
  recibirAvisosCorreo: z.boolean({ error: MSG_ALERTS.preferenceInvalid }),
});
export type AvisosPreferencia = z.infer<typeof zAvisosPreferencia>;
