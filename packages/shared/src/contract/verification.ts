import { zVerificacion, zVerificarParams } from '../schemas/certificates.js';
import { endpoint } from './endpoint.js';

/** The public verification of every document Arandu issues (issue 30): the page a QR code opens asks here. */
export const verificationEndpoints = {
  verify: endpoint({
    method: 'GET',
    path: '/verificar/:codigo',
    access: 'public',
    tags: ['verificacion'],
    summary: 'Verificar un documento emitido (acta sellada o certificado) por su código',
    params: zVerificarParams,
    reply: zVerificacion,
    errors: [404, 429],
  }),
};
