import { zLoginOutcome, zOidcLogin } from '../schemas/identity.js';
import { endpoint } from './endpoint.js';

const tags = ['sesión'] as const;

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
};
