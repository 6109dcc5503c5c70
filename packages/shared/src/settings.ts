import { z } from 'zod';
import { zSoloIngresoInstitucional } from './schemas/oidc.js';

/**
 * The faculty-tunable figures of DOMAIN.md, kept in the `configuracion` table (one row a key, JSON value).
 * A key missing from the table takes the default here.
 */
export const zSettings = z.object({
  nombreFacultad: z.string().min(1).max(120).default('Facultad de Ingeniería'),
  /** The letterhead of actas and certificates (issue 30): university, faculty (above) and dean. */
  nombreUniversidad: z.string().min(1).max(120).default('Universidad Nacional'),
  nombreDecano: z.string().max(120).default(''),
  /** The faculty's own web page, linked from the public verification page (issue 43); '' for none. */
  sitioFacultad: z.string().max(200).default(''),
  minAsistenciaExamen: z.number().min(0).max(100).default(70),
  minPPFinal: z.number().min(0).max(100).default(50),
  pesoPP: z.number().min(0).max(1).default(0.4),
  pesoPF: z.number().min(0).max(1).default(0.6),
  minPF: z.number().min(0).max(100).default(50),
  vigenciaDerechoExamenMeses: z.number().int().min(1).max(120).default(12),
  loginMaxFallos: z.number().int().min(1).max(100).default(5),
  loginBloqueoMinutos: z.number().int().min(1).max(1440).default(15),
  loginMaxIntentosPorMinutoIp: z.number().int().min(1).max(10000).default(30),
  sesionInactividadHoras: z.number().min(0.1).max(720).default(12),
  sesionDuracionMaximaDias: z.number().min(0.1).max(365).default(7),
  /** 'Segundo factor obligatorio para administradores y funcionarios' (issue 32): off in the demo. */
  segundoFactorObligatorio: z.boolean().default(false),
  /** 'Sólo ingreso institucional' per role (issue 41): off in the demo. */
  soloIngresoInstitucional: zSoloIngresoInstitucional.default({ personal: false, profesores: false, alumnos: false }),
  /** Hours a waiting student has to accept an offered seat (issue 29). */
  listaEsperaOfertaHoras: z.number().min(0.1).max(720).default(24),
});

export type Settings = z.infer<typeof zSettings>;
export const SETTINGS_DEFAULTS: Settings = zSettings.parse({});
