import { z } from 'zod';
import { zPageReply, zPageRequest } from '../paging.js';

/**
 * The identity events of `eventos_seguridad` (issue 41), after Keycloak's LOGIN, LOGIN_ERROR, UPDATE_TOTP and
 * REMOVE_TOTP and Moodle tool_mfa's factor events. Recorded by the API where each happens; shown to staff on a
 * user's record ('Seguridad') and, the sign-ins only, to the user in 'Mis sesiones'.
 */
export const SECURITY_EVENT_KINDS = [
  'ingreso',
  'ingreso_fallido',
  'ingreso_bloqueado',
  'segundo_factor_activado',
  'segundo_factor_quitado',
  'segundo_factor_restablecido',
  'codigo_recuperacion_usado',
  'sesion_cerrada',
  'sesiones_cerradas',
  'sesion_cerrada_por_proveedor',
  // The binding to the provider's account (iss + sub, issue 41 item 2): made at the first institutional sign-in,
  // another account with the user's e-mail refused, removed by staff.
  'cuenta_institucional_vinculada',
  'cuenta_institucional_rechazada',
  'cuenta_institucional_quitada',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How the person proved who they are first: their password, or their institutional account (OpenID Connect). */
export const SIGN_IN_METHODS = ['contrasena', 'institucional'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The second factor an event involves: the authenticator app's code, a recovery code, a passkey. */
export const FACTOR_KINDS = ['totp', 'recuperacion', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  ingreso: 'Ingreso',
  ingreso_fallido: 'Ingreso fallido',
  ingreso_bloqueado: 'Ingreso bloqueado por intentos',
  segundo_factor_activado: 'Segundo factor activado',
  segundo_factor_quitado: 'Segundo factor desactivado',
  segundo_factor_restablecido: 'Segundo factor restablecido',
  codigo_recuperacion_usado: 'Código de recuperación usado',
  sesion_cerrada: 'Sesión cerrada (Salir)',
  sesiones_cerradas: 'Sesiones cerradas',
  sesion_cerrada_por_proveedor: 'Sesión cerrada por el proveedor institucional',
  cuenta_institucional_vinculada: 'Cuenta institucional vinculada',
  cuenta_institucional_rechazada: 'Otra cuenta institucional rechazada',
  cuenta_institucional_quitada: 'Vinculación con la cuenta institucional quitada',
};

const METHOD_WORDS: Record<SignInMethod, string> = {
  contrasena: 'contraseña',
  institucional: 'cuenta institucional',
};
const FACTOR_WORDS: Record<FactorKind, string> = {
  totp: 'código de la aplicación',
  recuperacion: 'código de recuperación',
  passkey: 'llave de acceso',
};

/** An event kind in Spanish; a kind this build does not know reads as stored. */
export function securityEventLabel(tipo: string): string {
  return (SECURITY_EVENT_LABELS as Record<string, string>)[tipo] ?? tipo;
}

/** 'Ingreso con cuenta institucional', 'Ingreso con contraseña y código de la aplicación'. */
export function signInText(metodo: string | null, factor: string | null): string {
  const how = (METHOD_WORDS as Record<string, string>)[metodo ?? ''];
  const second = (FACTOR_WORDS as Record<string, string>)[factor ?? ''];
  if (!how) return second ? `Ingreso con ${second}` : 'Ingreso';
  return second ? `Ingreso con ${how} y ${second}` : `Ingreso con ${how}`;
}

/** The factor an event names, in Spanish ('código de recuperación'); empty when none. */
export function factorText(factor: string | null): string {
  return (FACTOR_WORDS as Record<string, string>)[factor ?? ''] ?? '';
}

/**
 * One event in a sentence, as a user's 'Seguridad' tab lists it: 'Ingreso con contraseña y código de la
 * aplicación', 'Ingreso fallido (cuenta institucional, código de la aplicación)', 'Segundo factor activado
 * (código de la aplicación)'.
 */
export function securityEventText(e: { tipo: string; metodo: string | null; factor: string | null }): string {
  if (e.tipo === 'ingreso') return signInText(e.metodo, e.factor);
  const how = [(METHOD_WORDS as Record<string, string>)[e.metodo ?? ''], factorText(e.factor)].filter(Boolean);
  return how.length > 0 ? `${securityEventLabel(e.tipo)} (${how.join(', ')})` : securityEventLabel(e.tipo);
}

/** One event on a user's 'Seguridad' tab (staff). Kinds and methods are strings: an older web reads newer ones. */
export const zSecurityEventItem = z.object({
  id: z.number().int(),
  fecha: z.string(),
  tipo: z.string(),
  metodo: z.string().nullable(),
  factor: z.string().nullable(),
  /** The e-mail typed, for a sign-in attempt with an e-mail nobody has. */
  email: z.string().nullable(),
  direccion: z.string().nullable(),
  agenteUsuario: z.string().nullable(),
  motivo: z.string().nullable(),
  /** Who did it when it was someone else (staff), by name; null for the user themselves or the command line. */
  actor: z.string().nullable(),
});
export type SecurityEventItem = z.infer<typeof zSecurityEventItem>;

export const zSecurityEventFilters = z.strictObject({ tipo: z.enum(SECURITY_EVENT_KINDS).optional() });
export const zSecurityEventsRequest = zPageRequest(zSecurityEventFilters);
export type SecurityEventsRequest = z.input<typeof zSecurityEventsRequest>;
export const zSecurityEventPage = zPageReply(zSecurityEventItem);

/** One of the user's own recent sign-ins in 'Mis sesiones'. */
export const zSignInItem = z.object({
  id: z.number().int(),
  fecha: z.string(),
  metodo: z.string().nullable(),
  factor: z.string().nullable(),
  direccion: z.string().nullable(),
  agenteUsuario: z.string().nullable(),
});
export type SignInItem = z.infer<typeof zSignInItem>;
export const zSignInList = z.object({ items: z.array(zSignInItem) });
