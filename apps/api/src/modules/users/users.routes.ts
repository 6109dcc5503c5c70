import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zRectifyGrant,
  MSG,
  ROLE_OPTIONS,
  zError,
  zIdParams,
  zMessageReply,
  zProfileSave,
  zRolesReply,
  zUserDetail,
  zUserFormData,
  zUserListRequest,
  zUserPage,
  zUserSave,
} from '@arandu/shared';
import { currentUser } from '../../plugins/auth.js';
import { setRectifyGrant } from './rectify-grant.service.js';
import * as users from './users.service.js';

const MANAGE = ['users:manage'] as const;
const zOutboxReply = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      destinatario: z.string(),
      asunto: z.string(),
      cuerpo: z.string(),
      fecha: z.string(),
    }),
  ),
});

/**
 * Users (spec 01 section 7): staff manage everyone; anyone reads and saves their own ficha. Someone else's
 * user answers 404 to a student or professor (DOMAIN.md section 2).
 */
export const usersRoutes: FastifyPluginAsyncZod<users.UsersDeps> = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/users/all',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Usuarios del Sistema: una página, con búsqueda y filtro por rol',
        body: zUserListRequest,
        response: { 200: zUserPage },
      },
    },
    async (request) => users.listUsers(db, request.body),
  );

  // "GET users/all" (spec 01 section 7, a known path without a payload): the same list, its page in the query.
  app.get(
    '/users/all',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Usuarios del Sistema: una página (page y pageSize en la consulta)',
        querystring: zUserListRequest.pick({ page: true, pageSize: true }),
        response: { 200: zUserPage },
      },
    },
    async (request) => users.listUsers(db, request.query),
  );

  app.get(
    '/users/roles',
    {
      config: { access: MANAGE },
      schema: { tags: ['usuarios'], summary: 'Lista de roles', response: { 200: zRolesReply } },
    },
    async () => ({ roles: ROLE_OPTIONS }),
  );

  app.get(
    '/users/form_data',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['usuarios'],
        summary: 'Datos del formulario de usuario, según quién llama: países; escalafón y materias; tipos de auditoría',
        response: { 200: zUserFormData },
      },
    },
    async (request) => users.formData(db, currentUser(request)),
  );

  app.get(
    '/users/profile',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['usuarios'], summary: 'Mi Perfil: la ficha propia', response: { 200: zUserDetail } },
    },
    async (request) => users.getOwnProfile(db, currentUser(request)),
  );

  app.post(
    '/users/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['usuarios'],
        summary: 'Guardar la ficha propia (modo perfil); marca la ficha como actualizada',
        body: zProfileSave,
        response: { 200: zUserDetail, 400: zError },
      },
    },
    async (request) => users.saveOwnProfile(deps, currentUser(request), request.body),
  );

  // The spec's path is a GET; a GET that changes state can be set off by a link or a prefetch, so the web
  // app calls it with POST, and GET stays only for the spec's contract.
  app.route({
    method: ['GET', 'POST'],
    url: '/users/reset_password/:id',
    config: { access: MANAGE },
    schema: {
      tags: ['usuarios'],
      summary: 'Restablecer contraseña: envía una contraseña temporal por correo (POST; GET por compatibilidad)',
      params: zIdParams,
      response: { 200: zMessageReply },
    },
    handler: async (request) => {
      await users.resetUserPassword(deps, currentUser(request), request.params.id);
      return { message: MSG.resetPasswordDone };
    },
  });

  app.get(
    '/users/:id/mails',
    {
      config: { access: ['settings:manage'] },
      schema: {
        tags: ['usuarios'],
        summary:
          'Correos guardados en la bandeja de salida para el usuario (sin SMTP); la contraseña temporal, solo mientras siga sin usarse',
        params: zIdParams,
        response: { 200: zOutboxReply },
      },
    },
    async (request) => users.outboxOf(db, currentUser(request), request.params.id),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['usuarios'], summary: 'Un usuario', params: zIdParams, response: { 200: zUserDetail } },
    },
    async (request) => users.getUser(db, currentUser(request), request.params.id),
  );

  app.put(
    '/users/:id/rectificar-actas',
    {
      config: { access: ['users:grant-admin'] },
      schema: {
        tags: ['usuarios'],
        summary: "Otorgar o quitar a un Funcionario el permiso 'actas:rectificar' (administrador raíz)",
        params: zIdParams,
        body: zRectifyGrant,
        response: { 200: zUserDetail },
      },
    },
    async (request) => setRectifyGrant(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/users',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['usuarios'],
        summary: 'Guardar un usuario (nuevo sin id: contraseña temporal por correo)',
        body: zUserSave,
        response: { 200: zUserDetail, 400: zError },
      },
    },
    async (request) =>
      users.saveUser(deps, currentUser(request), request.body, users.appUrlOf(deps.publicUrl, request)),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Borrar un usuario: deshabilitado, responde 400 con el motivo',
        params: zIdParams,
        response: { 400: zError },
      },
    },
    async (request) => users.deleteUser(db, request.params.id),
  );
};
