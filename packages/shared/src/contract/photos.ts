import { zIdParams } from '../schemas/common.js';
import { zPhotoReply } from '../schemas/users.js';
import { endpoint } from './endpoint.js';

const tags = ['usuarios'] as const;

/** Photos (spec 01 section 7): uploaded apart from the form, read back as a blob. */
export const photoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/users/:id/photo',
    access: 'authenticated',
    tags,
    summary: 'Subir la foto (multipart, campo files): png o jpeg de hasta 5 MB',
    params: zIdParams,
    multipart: true,
    reply: zPhotoReply,
    errors: [400],
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id/photo',
    access: 'authenticated',
    tags,
    summary: 'La foto (image/jpeg): para el usuario, el personal y sus profesores',
    params: zIdParams,
    reply: null,
    download: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/:id/photo',
    access: 'authenticated',
    tags,
    summary: 'Quitar la foto',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
};
