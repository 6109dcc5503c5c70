import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zError, zVerificacion, zVerificarParams } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { verify } from './verification.service.js';

/** The public verification of every document Arandu issues (issue 30): the page a QR code opens asks here. */
export const verificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/verificar/:codigo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verificacion'],
        summary: 'Verificar un documento emitido (acta sellada o certificado) por su código',
        params: zVerificarParams,
        response: { 200: zVerificacion, 404: zError, 429: zError },
      },
    },
    async (request) => verify(db, request.params.codigo, request.ip),
  );
};
