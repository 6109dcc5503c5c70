import { zIdParams } from '../schemas/common.js';
import {
  zCertificadoIssue,
  zCertificadoIssued,
  zCertificadoList,
  zCertificadoListQuery,
} from '../schemas/certificates.js';
import { ACADEMIC_STATUS } from './access.js';
import { endpoint } from './endpoint.js';

/** A certificate renders the academic status: who may read one's own or anyone's status may issue it. */
const ISSUERS = ACADEMIC_STATUS;
const tags = ['certificados'] as const;

/** Certificates (issue 30): 'Constancia de alumno regular' and 'Certificado de estudios'. */
export const certificatesEndpoints = {
  issue: endpoint({
    method: 'POST',
    path: '/certificados',
    access: ISSUERS,
    tags,
    summary:
      'Emitir un certificado: el propio (alumno) o, con perfilAlumnoId (el id del alumno), el de un alumno (personal)',
    body: zCertificadoIssue,
    reply: zCertificadoIssued,
    errors: [400],
  }),
  list: endpoint({
    method: 'GET',
    path: '/certificados',
    access: ISSUERS,
    tags,
    summary: 'Los certificados propios; el personal pasa ?perfilAlumnoId= para los de un alumno',
    query: zCertificadoListQuery,
    reply: zCertificadoList,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/certificados/:id/pdf',
    access: ISSUERS,
    tags,
    summary: 'El certificado en PDF (A4, con membrete, código y QR)',
    params: zIdParams,
    reply: null,
    download: true,
  }),
};
