import {
  zCredencialesDescarga,
  zCredencialesParams,
  zCredencialesRestablecidas,
  zImportModo,
  zImportReport,
  zPlantillaQuery,
  zTipoImportacionParams,
} from '../schemas/imports.js';
import { endpoint } from './endpoint.js';

const STAFF = ['users:manage', 'structure:manage'] as const;
const tags = ['importaciones'] as const;

/** Imports of a faculty's spreadsheets (issue 31): staff only; the file goes in the multipart field `archivo`. */
export const importsEndpoints = {
  run: endpoint({
    method: 'POST',
    path: '/importaciones/:tipo',
    access: STAFF,
    tags,
    summary:
      'Importar carreras, mallas, profesores, alumnos o aulas (multipart, campo archivo: xlsx, ods o csv). modo=prueba informa fila por fila; modo=aplicar escribe todo o nada; sin SMTP, la respuesta de una importación que crea cuentas trae `credenciales`, para descargar sus cartas una vez',
    params: zTipoImportacionParams,
    query: zImportModo,
    multipart: true,
    reply: zImportReport,
    // Not 400: an apply refused because of its rows answers 400 with the report beside `error` (zImportRefused),
    // which the `{ error, errors }` schema of a declared error status would strip.
    errors: [409],
  }),
  report: endpoint({
    method: 'POST',
    path: '/importaciones/:tipo/informe',
    access: STAFF,
    tags,
    summary: 'La prueba de un archivo como planilla xlsx: una línea por error (multipart, campo archivo)',
    params: zTipoImportacionParams,
    multipart: true,
    reply: null,
    download: true,
    errors: [400],
  }),
  template: endpoint({
    method: 'GET',
    path: '/importaciones/:tipo/plantilla',
    access: STAFF,
    tags,
    summary: 'La plantilla de la importación: encabezados, una fila de ejemplo y (xlsx) los valores aceptados',
    params: zTipoImportacionParams,
    query: zPlantillaQuery,
    reply: null,
    download: true,
  }),
  /**
   * Credential letters (issue 44): the PDF of an apply's new accounts, once, by the person who applied it, with
   * the key of the apply's reply (in the body, so that no log or history keeps it).
   */
  credentialLetters: endpoint({
    method: 'POST',
    path: '/importaciones/credenciales/:id/pdf',
    access: STAFF,
    tags,
    summary:
      'Las cartas de credenciales de una importación sin SMTP (PDF, una carta A5 por persona): una sola vez, con la clave de la respuesta de la importación',
    params: zCredencialesParams,
    body: zCredencialesDescarga,
    reply: null,
    download: true,
    errors: [400, 404],
  }),
  resetCredentials: endpoint({
    method: 'POST',
    path: '/importaciones/credenciales/:id/restablecer',
    access: STAFF,
    tags,
    summary:
      'Nuevas contraseñas temporales para las cuentas de una importación que aún no ingresaron, y una nueva descarga de sus cartas',
    params: zCredencialesParams,
    reply: zCredencialesRestablecidas,
    errors: [400, 404],
  }),
};
