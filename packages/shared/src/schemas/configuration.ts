import { z } from 'zod';
import { MSG_CONFIG } from '../messages-certificates.js';
import { zSoloIngresoInstitucional } from './oidc.js';
import { zText } from './text.js';

/** A number field of the 'Configuración' screen: its range in the message, so a bad value says what is right. */
function figure(label: string, min: number, max: number, integer = false) {
  const message = `${label} debe ser un número${integer ? ' entero' : ''} entre ${min} y ${max}`;
  const base = z.number({ error: message }).min(min, message).max(max, message);
  return integer ? base.int(message) : base;
}

function name(label: string, required: boolean) {
  const base = zText({ error: `${label}: ingrese un texto` })
    .trim()
    .max(120, `${label}: como máximo 120 caracteres`);
  return required ? base.min(1, `Ingrese ${label.toLowerCase()}`) : base;
}

/**
 * GET/PUT /api/configuracion: the academic figures and the letterhead an administrator edits (issue 30,
 * DOMAIN.md: every figure of `configuracion` is editable by an administrator). All keys, every time.
 */
const zFigures = z.object({
  minAsistenciaExamen: figure('El mínimo de asistencia para rendir', 0, 100),
  minPPFinal: figure('El mínimo de PP para el examen final', 0, 100),
  minPF: figure('El mínimo de la prueba final para aprobar', 0, 100),
  pesoPP: figure('El peso de las pruebas parciales', 0, 1),
  pesoPF: figure('El peso de la prueba final', 0, 1),
  vigenciaDerechoExamenMeses: figure('La vigencia del derecho a examen (meses)', 1, 120, true),
  loginMaxFallos: figure('Los intentos fallidos antes del bloqueo', 1, 100, true),
  loginBloqueoMinutos: figure('Los minutos de bloqueo', 1, 1440, true),
  sesionInactividadHoras: figure('Las horas de inactividad de una sesión', 0.1, 720),
  sesionDuracionMaximaDias: figure('La duración máxima de una sesión (días)', 0.1, 365),
  listaEsperaOfertaHoras: figure('El plazo de la oferta de la lista de espera (horas)', 1, 720, true),
  nombreUniversidad: name('El nombre de la universidad', true),
  nombreFacultad: name('El nombre de la facultad', true),
  nombreDecano: name('El nombre del decano', false),
  sitioFacultad: zText({ error: MSG_CONFIG.sitioInvalid })
    .trim()
    .max(200, MSG_CONFIG.sitioInvalid)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v), MSG_CONFIG.sitioInvalid),
  soloIngresoInstitucional: zSoloIngresoInstitucional,
});
export const zConfiguracionSave = zFigures.refine((c) => Math.abs(c.pesoPP + c.pesoPF - 1) < 1e-9, {
  path: ['pesoPF'],
  message: MSG_CONFIG.weightsSum,
});
export type ConfiguracionSave = z.infer<typeof zConfiguracionSave>;
export const CONFIGURACION_KEYS = Object.keys(zFigures.shape) as (keyof ConfiguracionSave)[];

export const zConfiguracion = zFigures.extend({ tieneLogo: z.boolean() });
export type Configuracion = z.infer<typeof zConfiguracion>;

/** GET /api/configuracion/membrete (public): what every printed document's header shows. */
export const zMembrete = z.object({
  universidad: z.string(),
  facultad: z.string(),
  decano: z.string(),
  /** The faculty's web page ('' when Configuración leaves it empty). */
  sitio: z.string(),
  tieneLogo: z.boolean(),
});
export type Membrete = z.infer<typeof zMembrete>;

export const LOGO_MAX_BYTES = 1_000_000;
