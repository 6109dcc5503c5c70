import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, zError, zIdParams, zPhotoReply } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import * as photos from './photos.service.js';

const FIELD = 'files';

const refuse = (message: string) => AppError.badRequest(message, { [FIELD]: message });

/** The one file of the `files` field, read whole (the multipart limit stops it at 5,000,000 bytes). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse(MSG.photoChoose);
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch {
    throw refuse(MSG.photoChoose);
  }
  if (!file || file.fieldname !== FIELD) {
    file?.file.resume();
    throw refuse(MSG.photoChoose);
  }
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(MSG.photoTooLarge);
    throw refuse(MSG.photoChoose);
  }
}

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
      return photos.uploadPhoto(db, actor, request.params.id, await uploadedFile(request));
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
