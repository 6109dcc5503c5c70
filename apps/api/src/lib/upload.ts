import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** The one file field of an upload (photos, the letterhead's logo) and the messages of its refusals. */
export interface UploadField {
  field: string;
  choose: string;
  tooLarge: string;
}

/** The one file of `field`, read whole (the multipart limit of app.ts stops it at its size). */
export async function uploadedFile(request: FastifyRequest, { field, choose, tooLarge }: UploadField): Promise<Buffer> {
  const refuse = (message: string) => AppError.badField(field, message);
  if (!request.isMultipart()) throw refuse(choose);
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch {
    throw refuse(choose);
  }
  if (!file || file.fieldname !== field) {
    file?.file.resume();
    throw refuse(choose);
  }
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(tooLarge);
    throw refuse(choose);
  }
}
