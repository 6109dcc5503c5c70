import { zSecondFactorSetting, zSecondFactorSettingSave } from '../schemas/identity.js';
import { endpoint } from './endpoint.js';

const ADMIN = ['settings:manage'] as const;
const tags = ['configuración'] as const;

/** The settings an administrator changes from the app (DOMAIN.md: `configuracion`, editable by an administrator). */
export const settingsEndpoints = {
  secondFactor: endpoint({
    method: 'GET',
    path: '/settings/second-factor',
    access: ADMIN,
    tags,
    summary: 'Segundo factor obligatorio para administradores y funcionarios: estado',
    reply: zSecondFactorSetting,
  }),
  saveSecondFactor: endpoint({
    method: 'PUT',
    path: '/settings/second-factor',
    access: ADMIN,
    tags,
    summary: 'Segundo factor obligatorio para administradores y funcionarios: activar o desactivar',
    body: zSecondFactorSettingSave,
    reply: zSecondFactorSetting,
    errors: [400, 409],
  }),
};
