import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importsEndpoints as e, IMPORT_MAX_BYTES, MSG_IMPORT } from '@arandu/shared';
import { AppError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import { appUrlOf } from '../users/users.service.js';
import { downloadCredentialLetters, resetCredentialLetters } from './credential-letters.js';
import { sendReport } from './imports.export.js';
import { buildTemplate, templateFileName } from './imports.template.js';
import { ImportRefused, runImport, type ImportDeps, type Upload } from './imports.service.js';

const FIELD = 'archivo';

const refuse = (message: string) => AppError.badField(FIELD, message);

/** The one file of the `archivo` field, read whole: at most IMPORT_MAX_BYTES, refused above. */
async function uploadedFile(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw refuse(MSG_IMPORT.chooseFile);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
  } catch {
    throw refuse(MSG_IMPORT.chooseFile);
  }
  if (!file || file.fieldname !== FIELD) {
    file?.file.resume();
    throw refuse(MSG_IMPORT.chooseFile);
  }
  try {
    return { bytes: await file.toBuffer(), fileName: file.filename.slice(0, 200) };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(MSG_IMPORT.tooLarge);
    throw refuse(MSG_IMPORT.chooseFile);
  }
}

/** Imports of a faculty's spreadsheets (issue 31): staff only. */
export const importsRoutes: FastifyPluginAsyncZod<ImportDeps> = async (app, deps) => {
  serve(app, e.run, async (request, reply) => {
    const actor = currentUser(request);
    const upload = await uploadedFile(request);
    try {
      const appUrl = appUrlOf(deps.publicUrl, request);
      return await runImport({ ...deps, appUrl }, actor, request.params.tipo, request.query.modo, upload);
    } catch (err) {
      if (err instanceof ImportRefused) return reply.status(400).send({ error: err.message, ...err.report });
      throw err;
    }
  });

  serve(app, e.report, async (request, reply) => {
    const actor = currentUser(request);
    const upload = await uploadedFile(request);
    const report = await runImport(deps, actor, request.params.tipo, 'prueba', upload);
    return sendReport(reply, request.params.tipo, report);
  });

  serve(app, e.credentialLetters, async (request, reply) => {
    const actor = currentUser(request);
    const pdf = await downloadCredentialLetters(
      { db: deps.db, mailer: deps.mailer, appName: deps.publicSettings.appName },
      actor,
      request.params.id,
      request.body.clave,
      appUrlOf(deps.publicUrl, request),
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachmentHeader('Cartas de credenciales.pdf'))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

  serve(app, e.resetCredentials, async (request) =>
    resetCredentialLetters(
      { db: deps.db, mailer: deps.mailer, appName: deps.publicSettings.appName },
      currentUser(request),
      request.params.id,
    ),
  );

  serve(app, e.template, async (request, reply) => {
    const { tipo } = request.params;
    const { formato } = request.query;
    const body = await buildTemplate(deps.db, tipo, formato);
    return reply
      .header('Content-Type', formato === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
      .header('Content-Disposition', attachmentHeader(templateFileName(tipo, formato)))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};
