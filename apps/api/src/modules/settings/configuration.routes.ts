import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG_CONFIG, zConfiguracion, zConfiguracionSave, zError, zMembrete } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/upload.js';
import { currentUser } from '../../plugins/auth.js';
import * as configuration from './configuration.service.js';

const TAGS = ['configuracion'];
const ADMIN = ['settings:manage'] as const;
const LOGO_UPLOAD = { field: 'files', choose: MSG_CONFIG.logoChoose, tooLarge: MSG_CONFIG.logoTooLarge };

/** 'Configuración' (issue 30): the academic figures and the letterhead, for administrators. */
export const configurationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/configuracion',
    {
      config: { access: ADMIN },
      schema: { tags: TAGS, summary: 'Cifras académicas y membrete vigentes', response: { 200: zConfiguracion } },
    },
    async () => configuration.readConfiguracion(db),
  );

  app.put(
    '/configuracion',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Guardar cifras académicas y membrete (auditado; rige sin reiniciar)',
        body: zConfiguracionSave,
        response: { 200: zConfiguracion, 400: zError },
      },
    },
    async (request) => configuration.saveConfiguracion(db, currentUser(request), request.body),
  );

  app.get(
    '/configuracion/membrete',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Membrete de actas y certificados: universidad, facultad, decano',
        response: { 200: zMembrete },
      },
    },
    async () => configuration.membrete(db),
  );

  app.get(
    '/configuracion/logo',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Logo del membrete (image/png)' },
    },
    async (_request, reply) => {
      const png = await configuration.requireLogo(db);
      return reply.header('content-type', 'image/png').header('cache-control', 'no-cache').send(png);
    },
  );

  app.put(
    '/configuracion/logo',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Subir el logo (multipart, campo files): png o jpeg de hasta 1 MB',
        consumes: ['multipart/form-data'],
        response: { 204: z.null(), 400: zError },
      },
    },
    async (request, reply) => {
      await configuration.saveLogo(db, currentUser(request), await uploadedFile(request, LOGO_UPLOAD));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/configuracion/logo',
    {
      config: { access: ADMIN },
      schema: { tags: TAGS, summary: 'Quitar el logo', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await configuration.removeLogo(db, currentUser(request));
      return reply.status(204).send(null);
    },
  );
};
