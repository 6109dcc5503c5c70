import { zIdParams } from '../schemas/common.js';
import { zLoginOutcome, zOidcLogin } from '../schemas/identity.js';
import { zBackchannelLogout, zCuentaInstitucionalReply } from '../schemas/oidc.js';
import { endpoint } from './endpoint.js';

const tags = ['sesión'] as const;
const MANAGE = ['users:manage'] as const;
const staff = ['usuarios'] as const;

/**
 * Institutional sign-in (OpenID Connect, authorization code with PKCE; issue 32). `start` and `callback` are
 * the browser's own navigations (a link and the provider's redirect), answered with a 302; the login page
 * then redeems the ticket with `login`.
 */
export const oidcEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/auth/oidc/start',
    access: 'public',
    tags,
    summary: 'Ingresar con cuenta institucional: redirige al proveedor (OpenID Connect)',
    reply: null,
    status: 302,
    errors: [404],
  }),
  /** The provider's query (code, state, or error) is read raw from the URL, as the OIDC client wants it. */
  callback: endpoint({
    method: 'GET',
    path: '/auth/oidc/callback',
    access: 'public',
    tags,
    summary: 'Vuelta del proveedor institucional: lleva a la página de ingreso con un ticket o el motivo',
    reply: null,
    status: 302,
    errors: [404],
  }),
  login: endpoint({
    method: 'POST',
    path: '/users/login/oidc',
    access: 'public',
    tags,
    summary: 'Canjear el ticket del ingreso institucional por una sesión (o saber que falta el código)',
    body: zOidcLogin,
    reply: zLoginOutcome,
    errors: [401],
  }),
  /**
   * OpenID Connect Back-Channel Logout 1.0: the provider posts a signed logout token (form field
   * `logout_token`) when a person's session there ends; the matching Arandu sessions end at once. Registered at
   * the provider as the client's `backchannel_logout_uri`. 400 for a token that does not pass (section 2.8).
   */
  backchannelLogout: endpoint({
    method: 'POST',
    path: '/auth/oidc/backchannel-logout',
    access: 'public',
    tags,
    summary: 'Cierre de sesión iniciado por el proveedor institucional (Back-Channel Logout, logout_token)',
    body: zBackchannelLogout,
    reply: null,
    errors: [400, 404],
  }),
  /** The provider's account (iss + sub) the user is bound to, on the user's record (issue 41). */
  cuentaInstitucional: endpoint({
    method: 'GET',
    path: '/users/:id/institutional-account',
    access: MANAGE,
    tags: staff,
    summary: 'La cuenta institucional (emisor y sujeto del proveedor) vinculada a un usuario',
    params: zIdParams,
    reply: zCuentaInstitucionalReply,
    errors: [403, 404],
  }),
  removeCuentaInstitucional: endpoint({
    method: 'DELETE',
    path: '/users/:id/institutional-account',
    access: MANAGE,
    tags: staff,
    summary: 'Quitar la vinculación con la cuenta institucional (el próximo ingreso vincula la del correo)',
    params: zIdParams,
    reply: null,
    status: 204,
    errors: [403, 404],
  }),
};
