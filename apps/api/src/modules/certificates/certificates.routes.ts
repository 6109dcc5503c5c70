import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  zCertificadoIssue,
  zCertificadoIssued,
  zCertificadoList,
  zCertificadoListQuery,
  zError,
  zIdParams,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as certificates from './certificates.service.js';

const TAGS = ['certificados'];
/** A certificate renders the academic status: who may read one's own or anyone's status may issue it. */
const ISSUERS = ['reports:own-status', 'reports:any'] as const;

/** Where the web app answers, for the QR code: PUBLIC_URL when set, else the address the request came to. */
function webBaseOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Certificates (issue 30): 'Constancia de alumno regular' and 'Certificado de estudios'. */
export const certificatesRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined }> = async (
  app,
  { db, publicUrl },
) => {
  app.post(
    '/certificados',
    {
      config: { access: ISSUERS },
      schema: {
        tags: TAGS,
        summary:
          'Emitir un certificado: el propio (alumno) o, con perfilAlumnoId (el id del alumno), el de un alumno (personal)',
        body: zCertificadoIssue,
        response: { 200: zCertificadoIssued, 400: zError },
      },
    },
    async (request) => certificates.issue(db, currentUser(request), request.body),
  );

  app.get(
    '/certificados',
    {
      config: { access: ISSUERS },
      schema: {
        tags: TAGS,
        summary: 'Los certificados propios; el personal pasa ?perfilAlumnoId= para los de un alumno',
        querystring: zCertificadoListQuery,
        response: { 200: zCertificadoList },
      },
    },
    async (request) => certificates.list(db, currentUser(request), request.query.perfilAlumnoId),
  );

  app.get(
    '/certificados/:id/pdf',
    {
      config: { access: ISSUERS },
      schema: { tags: TAGS, summary: 'El certificado en PDF (A4, con membrete, código y QR)', params: zIdParams },
    },
    async (request, reply) => {
      const file = await certificates.pdf(db, currentUser(request), request.params.id, webBaseOf(request, publicUrl));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="Certificado-${file.codigo}.pdf"`)
        .send(file.data);
    },
  );
};
