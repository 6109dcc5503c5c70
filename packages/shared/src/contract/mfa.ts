import { zIdParams } from '../schemas/common.js';
import { zLoginReply, zMessageReply } from '../schemas/auth.js';
import {
  zMfaCodeBody,
  zMfaDisable,
  zMfaLogin,
  zMfaReset,
  zMfaSetupReply,
  zMfaStatus,
  zRecoveryCodesReply,
} from '../schemas/identity.js';
import { endpoint } from './endpoint.js';

const tags = ['sesión'] as const;
const errors = [400, 401, 409, 429] as const;

/** The second factor (TOTP with recovery codes, issue 32): 'Seguridad' in the profile and the login's step. */
export const mfaEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/users/login/mfa',
    access: 'public',
    tags,
    summary: 'Completar el ingreso con el código del segundo factor (o un código de recuperación)',
    body: zMfaLogin,
    reply: zLoginReply,
    errors,
  }),
  status: endpoint({
    method: 'GET',
    path: '/users/mfa',
    access: 'authenticated',
    allowMfaSetup: true,
    tags,
    summary: 'Seguridad: estado del segundo factor',
    reply: zMfaStatus,
  }),
  setup: endpoint({
    method: 'POST',
    path: '/users/mfa/setup',
    access: 'authenticated',
    allowMfaSetup: true,
    tags,
    summary: 'Activar segundo factor: un secreto nuevo, su URL otpauth:// y su QR (aún sin activar)',
    reply: zMfaSetupReply,
    errors,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/users/mfa/enable',
    access: 'authenticated',
    allowMfaSetup: true,
    tags,
    summary: 'Confirmar el segundo factor con un código; responde los 10 códigos de recuperación (una vez)',
    body: zMfaCodeBody,
    reply: zRecoveryCodesReply,
    errors,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/users/mfa/disable',
    access: 'authenticated',
    tags,
    summary: 'Desactivar el propio segundo factor: con la contraseña y un código actual (o de recuperación)',
    body: zMfaDisable,
    reply: null,
    status: 204,
    errors,
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/users/mfa/recovery_codes',
    access: 'authenticated',
    tags,
    summary: 'Generar nuevos códigos de recuperación (los anteriores dejan de valer)',
    body: zMfaCodeBody,
    reply: zRecoveryCodesReply,
    errors,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/users/:id/mfa/reset',
    access: ['users:manage'],
    tags: ['usuarios'],
    summary:
      'Restablecer el segundo factor de otro usuario: con motivo, y la contraseña y un código actual de quien lo hace; se avisa al usuario por correo',
    params: zIdParams,
    body: zMfaReset,
    reply: zMessageReply,
    errors: [400, 403, 404, 409, 429],
  }),
};
