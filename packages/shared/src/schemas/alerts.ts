import { z } from 'zod';
import { CAUSAS_ALERTA } from '../rules/early-warnings.js';

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

/** `POST /api/operations/alertas/run`: what one run found. */
export const zAlertasRun = z.object({
  materias: z.number(),
  alertas: z.number(),
  correos: z.number(),
});
export type AlertasRun = z.infer<typeof zAlertasRun>;

/** 'Recibir avisos por correo' in the profile. */
export const zAvisosPreferencia = z.strictObject({
  recibirAvisosCorreo: z.boolean({ error: MSG_ALERTS.preferenceInvalid }),
});
export type AvisosPreferencia = z.infer<typeof zAvisosPreferencia>;
