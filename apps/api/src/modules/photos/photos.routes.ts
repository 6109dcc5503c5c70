import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, photoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { uploadedFile } from '../../lib/upload.js';
import { currentUser } from '../../plugins/auth.js';
import * as photos from './photos.service.js';

const PHOTO_UPLOAD = { field: 'files', choose: MSG.photoChoose, tooLarge: MSG.photoTooLarge };

/** Photos (spec 01 section 7): uploaded apart from the form, read back as a blob. */
export const photosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.upload, async (request) => {
    const actor = currentUser(request);
    return photos.uploadPhoto(db, actor, request.params.id, await uploadedFile(request, PHOTO_UPLOAD));
  });
  serve(app, e.get, async (request, reply) => {
    const photo = await photos.readPhoto(db, currentUser(request), request.params.id);
    return reply
      .header('content-type', photo.mime)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', 'inline')
      .send(photo.data);
  });
  serve(app, e.remove, async (request) => {
    await photos.deletePhoto(db, currentUser(request), request.params.id);
  });
};
