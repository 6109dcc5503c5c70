import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { certificatesEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as certificates from './certificates.service.js';

/** Where the web app answers, for the QR code: PUBLIC_URL when set, else the address the request came to. */
function webBaseOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Certificates (issue 30): 'Constancia de alumno regular' and 'Certificado de estudios'. */
export const certificatesRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined }> = async (
  app,
  { db, publicUrl },
) => {
  serve(app, e.issue, (request) => certificates.issue(db, currentUser(request), request.body));
  serve(app, e.list, (request) => certificates.list(db, currentUser(request), request.query.perfilAlumnoId));
  serve(app, e.pdf, async (request, reply) => {
    const file = await certificates.pdf(db, currentUser(request), request.params.id, webBaseOf(request, publicUrl));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="Certificado-${file.codigo}.pdf"`)
      .send(file.data);
  });
};
