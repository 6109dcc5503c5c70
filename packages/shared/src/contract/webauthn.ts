import { zIdParams } from '../schemas/common.js';
import { zLoginReply } from '../schemas/auth.js';
import {
  zAuthenticationOptions,
  zMfaMethods,
  zMfaTokenBody,
  zPasskey,
  zPasskeyList,
  zPasskeyLogin,
  zPasskeyRegister,
  zPasskeyRemove,
  zRegistrationOptions,
} from '../schemas/webauthn.js';
import { endpoint } from './endpoint.js';

const tags = ['sesión'] as const;
const errors = [400, 401, 409, 429] as const;
/** Staff behind the forced set-up gate may add a key: it satisfies the faculty's rule as TOTP does. */
const OWN = { access: 'authenticated', allowMfaSetup: true } as const;

/**
 * Security keys and platform passkeys (WebAuthn, issue 41 item 7), a second factor beside TOTP: 'Llaves de
 * seguridad y passkeys' in 'Seguridad', and 'Usar llave de seguridad' on the login's second step. Every
 * challenge is the server's, kept 5 minutes and taken once.
 */
export const webauthnEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/users/mfa/webauthn',
    ...OWN,
    tags,
    summary: 'Seguridad: mis llaves de seguridad y passkeys',
    reply: zPasskeyList,
  }),
  registerOptions: endpoint({
    method: 'POST',
    path: '/users/mfa/webauthn/register/options',
    ...OWN,
    tags,
    summary: 'Agregar una llave: las opciones para navigator.credentials.create (un desafío nuevo)',
    reply: zRegistrationOptions,
    errors,
  }),
  registerVerify: endpoint({
    method: 'POST',
    path: '/users/mfa/webauthn/register/verify',
    ...OWN,
    tags,
    summary: 'Agregar una llave: verificar su respuesta y guardarla con el nombre dado',
    body: zPasskeyRegister,
    reply: zPasskey,
    status: 201,
    errors,
  }),
  confirmOptions: endpoint({
    method: 'POST',
    path: '/users/mfa/webauthn/confirm/options',
    access: 'authenticated',
    tags,
    summary: 'Confirmar con una llave (para quitar una): las opciones para navigator.credentials.get',
    reply: zAuthenticationOptions,
    errors,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/mfa/webauthn/:id',
    access: 'authenticated',
    tags,
    summary: 'Quitar una llave, con la contraseña y un código actual o la firma de una llave',
    params: zIdParams,
    body: zPasskeyRemove,
    reply: null,
    status: 204,
    errors: [...errors, 404],
  }),
  loginMethods: endpoint({
    method: 'POST',
    path: '/users/login/mfa/methods',
    access: 'public',
    tags,
    summary: 'Segundo paso del ingreso: con qué puede responder el usuario (código, llave de seguridad)',
    body: zMfaTokenBody,
    reply: zMfaMethods,
    errors: [400, 401],
  }),
  loginOptions: endpoint({
    method: 'POST',
    path: '/users/mfa/webauthn/login/options',
    access: 'public',
    tags,
    summary: 'Segundo paso del ingreso con una llave: las opciones para navigator.credentials.get',
    body: zMfaTokenBody,
    reply: zAuthenticationOptions,
    errors,
  }),
  loginVerify: endpoint({
    method: 'POST',
    path: '/users/mfa/webauthn/login/verify',
    access: 'public',
    tags,
    summary: 'Completar el ingreso con la firma de una llave de seguridad',
    body: zPasskeyLogin,
    reply: zLoginReply,
    errors,
  }),
};
