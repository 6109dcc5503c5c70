import { zAvisosPreferencia } from '../schemas/alerts.js';
import { endpoint } from './endpoint.js';

const tags = ['avisos'] as const;

/** 'Recibir avisos por correo' of the profile (issue 30): one's own setting only. */
export const noticesEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/users/profile/avisos',
    access: ['profile:own'],
    tags,
    summary: 'Mi preferencia de avisos por correo',
    reply: zAvisosPreferencia,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/users/profile/avisos',
    access: ['profile:own'],
    tags,
    summary: 'Activar o desactivar mis avisos por correo',
    body: zAvisosPreferencia,
    reply: zAvisosPreferencia,
  }),
};
