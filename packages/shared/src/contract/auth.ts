import {
  zForgotPassword,
  zLogin,
  zLoginReply,
  zLoginStatus,
  zMessageReply,
  zPublicSettings,
  zSetNewPassword,
} from '../schemas/auth.js';
import { zLoginOutcome, zLogoutReply } from '../schemas/identity.js';
import { endpoint } from './endpoint.js';

const tags = ['sesión'] as const;
/** What a user who must still set a new password or turn the second factor on may call. */
const EVEN_GATED = { access: 'authenticated', allowFirstLogin: true, allowMfaSetup: true } as const;

/**
 * Signing in and out with e-mail and password (spec 01 sections 1-3). The login page and the app's entry call
 * these without loading zod (issue 16): their web modules import this object as a type only.
 */
export const authEndpoints = {
  publicSettings: endpoint({
    method: 'GET',
    path: '/public/settings',
    access: 'public',
    tags,
    summary: 'Nombre, versión y entorno de la aplicación',
    reply: zPublicSettings,
  }),
  login: endpoint({
    method: 'POST',
    path: '/users/login',
    access: 'public',
    tags,
    summary: 'Ingresar con correo y contraseña',
    body: zLogin,
    reply: zLoginOutcome,
    // 403: the right password of an account that signs in only through the provider (issue 41).
    errors: [401, 403, 429],
  }),
  setNewPassword: endpoint({
    method: 'POST',
    path: '/users/set_new_password',
    ...EVEN_GATED,
    tags,
    summary: 'Establecer nueva contraseña',
    body: zSetNewPassword,
    reply: zLoginReply,
    errors: [400, 429],
  }),
  loginStatus: endpoint({
    method: 'GET',
    path: '/users/get_login_status',
    ...EVEN_GATED,
    tags,
    summary: 'Estado de la sesión actual',
    reply: zLoginStatus,
  }),
  /** 200 with the provider's logout address for an institutional session; otherwise 204 without a body. */
  logout: endpoint({
    method: 'POST',
    path: '/users/logout',
    ...EVEN_GATED,
    tags,
    summary: 'Salir: termina la sesión en el servidor (y dice adónde ir para cerrarla en el proveedor institucional)',
    reply: zLogoutReply,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/users/forgot_password',
    access: 'public',
    tags,
    summary: '¿Olvidaste tu Contraseña?: envía una contraseña temporal',
    body: zForgotPassword,
    reply: zMessageReply,
    errors: [429],
  }),
};
