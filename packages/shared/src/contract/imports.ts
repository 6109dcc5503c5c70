import { zImportModo, zImportReport, zPlantillaQuery, zTipoImportacionParams } from '../schemas/imports.js';
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
      'Importar alumnos, profesores o mallas (multipart, campo archivo: xlsx o csv). modo=prueba informa fila por fila; modo=aplicar escribe todo o nada',
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
};
