import { zIdParams } from '../schemas/common.js';
import {
  zProfileSave,
  zRectifyGrant,
  zResetPasswordReply,
  zRolesReply,
  zUserDetail,
  zUserFormData,
  zUserListRequest,
  zUserMailsReply,
  zUserPage,
  zUserSave,
  zUserSaveReply,
} from '../schemas/users.js';
import { endpoint } from './endpoint.js';

const MANAGE = ['users:manage'] as const;
const tags = ['usuarios'] as const;

const resetPassword = {
  path: '/users/reset_password/:id',
  access: MANAGE,
  tags,
  params: zIdParams,
  reply: zResetPasswordReply,
} as const;

/**
 * Users (spec 01 section 7): staff manage everyone; anyone reads and saves their own ficha. Someone else's
 * user answers 404 to a student or professor (DOMAIN.md section 2).
 */
export const userEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/users/all',
    access: MANAGE,
    tags,
    summary: 'Usuarios del Sistema: una página, con búsqueda y filtro por rol',
    body: zUserListRequest,
    reply: zUserPage,
  }),
  /** "GET users/all" (spec 01 section 7, a known path without a payload): the same list, its page in the query. */
  listByQuery: endpoint({
    method: 'GET',
    path: '/users/all',
    access: MANAGE,
    tags,
    summary: 'Usuarios del Sistema: una página (page y pageSize en la consulta)',
    query: zUserListRequest.pick({ page: true, pageSize: true }),
    reply: zUserPage,
  }),
  roles: endpoint({
    method: 'GET',
    path: '/users/roles',
    access: MANAGE,
    tags,
    summary: 'Lista de roles',
    reply: zRolesReply,
  }),
  formData: endpoint({
    method: 'GET',
    path: '/users/form_data',
    access: 'authenticated',
    tags,
    summary: 'Datos del formulario de usuario, según quién llama: países; escalafón y materias; tipos de auditoría',
    reply: zUserFormData,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/users/profile',
    access: 'authenticated',
    tags,
    summary: 'Mi Perfil: la ficha propia',
    reply: zUserDetail,
  }),
  saveProfile: endpoint({
    method: 'POST',
    path: '/users/profile',
    access: 'authenticated',
    tags,
    summary: 'Guardar la ficha propia (modo perfil); marca la ficha como actualizada',
    body: zProfileSave,
    reply: zUserDetail,
    errors: [400],
  }),
  /**
   * The spec's path is a GET; a GET that changes state can be set off by a link or a prefetch, so the web
   * app calls it with POST, and GET stays only for the spec's contract.
   */
  resetPassword: endpoint({
    method: 'POST',
    ...resetPassword,
    summary:
      'Restablecer contraseña: envía una contraseña temporal por correo; sin SMTP la devuelve una sola vez a quien la restableció (POST; GET por compatibilidad)',
  }),
  resetPasswordByGet: endpoint({
    method: 'GET',
    ...resetPassword,
    changesState: true,
    summary:
      'Restablecer contraseña: envía una contraseña temporal por correo; sin SMTP la devuelve una sola vez a quien la restableció (POST; GET por compatibilidad)',
  }),
  mails: endpoint({
    method: 'GET',
    path: '/users/:id/mails',
    access: ['settings:manage'],
    tags,
    summary:
      'Correos guardados en la bandeja de salida para el usuario, con toda contraseña temporal enmascarada',
    params: zIdParams,
    reply: zUserMailsReply,
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id',
    access: 'authenticated',
    tags,
    summary: 'Un usuario',
    params: zIdParams,
    reply: zUserDetail,
  }),
  rectifyGrant: endpoint({
    method: 'PUT',
    path: '/users/:id/rectificar-actas',
    access: ['users:grant-admin'],
    tags,
    summary: "Otorgar o quitar a un Funcionario el permiso 'actas:rectificar' (administrador raíz)",
    params: zIdParams,
    body: zRectifyGrant,
    reply: zUserDetail,
  }),
  save: endpoint({
    method: 'POST',
    path: '/users',
    access: 'authenticated',
    tags,
    summary: 'Guardar un usuario (nuevo sin id: contraseña temporal por correo; sin SMTP, en la respuesta, una sola vez)',
    body: zUserSave,
    reply: zUserSaveReply,
    errors: [400],
  }),
  /** Disabled: always refused with the reason (no success reply to describe). */
  remove: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: MANAGE,
    tags,
    summary: 'Borrar un usuario: deshabilitado, responde 400 con el motivo',
    params: zIdParams,
    reply: null,
    errors: [400],
  }),
};
