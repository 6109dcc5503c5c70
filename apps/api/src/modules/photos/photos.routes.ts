import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, zError, zIdParams, zPhotoReply } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { uploadedFile } from '../../lib/upload.js';
import { currentUser } from '../../plugins/auth.js';
import * as photos from './photos.service.js';

const PHOTO_UPLOAD = { field: 'files', choose: MSG.photoChoose, tooLarge: MSG.photoTooLarge };

/** Photos (spec 01 section 7): uploaded apart from the form, read back as a blob. */
export const photosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['usuarios'],
        summary: 'Subir la foto (multipart, campo files): png o jpeg de hasta 5 MB',
        consumes: ['multipart/form-data'],
        params: zIdParams,
        response: { 200: zPhotoReply, 400: zError },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return photos.uploadPhoto(db, actor, request.params.id, await uploadedFile(request, PHOTO_UPLOAD));
    },
  );

  app.get(
    '/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['usuarios'],
        summary: 'La foto (image/jpeg): para el usuario, el personal y sus profesores',
        params: zIdParams,
      },
    },
    async (request, reply) => {
      const photo = await photos.readPhoto(db, currentUser(request), request.params.id);
      return reply
        .header('content-type', photo.mime)
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline')
        .send(photo.data);
    },
  );

  app.delete(
    '/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['usuarios'], summary: 'Quitar la foto', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await photos.deletePhoto(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
