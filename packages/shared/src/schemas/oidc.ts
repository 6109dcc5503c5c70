import { z } from 'zod';
import { MSG_OIDC } from '../messages-oidc.js';
import { zText } from './text.js';

/**
 * `GET /api/users/:id/institutional-account`: the provider's account the user is bound to (issue 41), or
 * null when none is yet (the next institutional sign-in binds the one with the user's verified e-mail).
 */
export const zCuentaInstitucional = z.object({
  emisor: z.string(),
  sujeto: z.string(),
  vinculadaEn: z.string(),
});
export type CuentaInstitucional = z.infer<typeof zCuentaInstitucional>;
export const zCuentaInstitucionalReply = z.object({ cuenta: zCuentaInstitucional.nullable() });
export type CuentaInstitucionalReply = z.infer<typeof zCuentaInstitucionalReply>;

/**
 * `POST /api/auth/oidc/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0, section 2.5): the
 * provider's form post. The token is checked by the server (signature, claims); here only its presence.
 */
export const zBackchannelLogout = z.object({
  logout_token: zText({ error: MSG_OIDC.logoutTokenMissing }).min(1, MSG_OIDC.logoutTokenMissing).max(20_000),
});

/**
 * 'Sólo ingreso institucional' per role (the `configuracion` key `soloIngresoInstitucional`): accounts of these
 * roles bound to the provider cannot sign in with a password. 'personal' is funcionarios and administrators,
 * the root administrator excepted (the way in when the provider is down).
 */
export const zSoloIngresoInstitucional = z.object({
  personal: z.boolean(),
  profesores: z.boolean(),
  alumnos: z.boolean(),
});
export type SoloIngresoInstitucional = z.infer<typeof zSoloIngresoInstitucional>;
