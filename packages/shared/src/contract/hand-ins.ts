import { zIdParams } from '../schemas/common.js';
import {
  zDevolucionArchivoReply,
  zDevolucionReply,
  zDevolucionSave,
  zEntregaLista,
  zEntregaParams,
  zEntregaRecibo,
  zEntregasProximas,
  zMiEntrega,
  zPublicarDevolucionesReply,
} from '../schemas/hand-ins.js';
import { TEACHING } from './access.js';
import { endpoint } from './endpoint.js';

/** A student, for the homework of subjects they are enrolled in (else 404). */
const OWN = ['teaching:read-own-results'] as const;

const tags = ['entregas'] as const;

/**
 * Homework handed in through Arandu (issue 46): the student uploads and reads their own; the professor of the
 * subject (staff read-only) lists, opens, downloads all, writes feedback and publishes it.
 */
export const entregaEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/tareas/:id/entregas',
    access: OWN,
    tags,
    summary: 'Entregar la tarea (multipart, campo archivos: uno o más); responde el comprobante',
    params: zIdParams,
    multipart: true,
    reply: zEntregaRecibo,
    errors: [400, 404],
  }),
  upcoming: endpoint({
    method: 'GET',
    path: '/entregas/proximas',
    access: OWN,
    tags,
    summary:
      'Las tareas con entrega por Arandu de las materias en que el alumno está inscripto que aún puede entregar ' +
      'y vencen en los próximos 14 días (o admiten atraso), con su entrega si ya entregó',
    reply: zEntregasProximas,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/tareas/:id/entregas/mia',
    access: OWN,
    tags,
    summary: 'La entrega propia: comprobante, versiones, devolución y puntaje una vez publicados',
    params: zIdParams,
    reply: zMiEntrega,
  }),
  list: endpoint({
    method: 'GET',
    path: '/tareas/:id/entregas',
    access: TEACHING,
    tags,
    summary: 'Entregas de una tarea: cada alumno inscripto, cuándo entregó, con atraso o no, devolución y puntaje',
    params: zIdParams,
    reply: zEntregaLista,
  }),
  file: endpoint({
    method: 'GET',
    path: '/entregas/archivos/:id',
    access: [...TEACHING, ...OWN],
    tags,
    summary: 'Un archivo entregado (PDF e imágenes en línea, los demás como descarga)',
    params: zIdParams,
    reply: null,
    download: true,
  }),
  zip: endpoint({
    method: 'GET',
    path: '/tareas/:id/entregas.zip',
    access: TEACHING,
    tags,
    summary: "Descargar todas: un zip con una carpeta por alumno ('Apellido, Nombre - documento')",
    params: zIdParams,
    reply: null,
    download: true,
  }),
  devolucion: endpoint({
    method: 'PUT',
    path: '/tareas/:id/entregas/:perfilAlumnoId/devolucion',
    // Written by the subject's own professors only: staff read (403 at the door, before the body).
    access: ['teaching:own'],
    tags,
    summary: 'Guardar la devolución de un alumno (texto; vacío la quita)',
    params: zEntregaParams,
    body: zDevolucionSave,
    reply: zDevolucionReply,
  }),
  devolucionArchivo: endpoint({
    method: 'POST',
    path: '/tareas/:id/entregas/:perfilAlumnoId/devolucion/archivo',
    // Written by the subject's own professors only: staff read (403 at the door, before the body).
    access: ['teaching:own'],
    tags,
    summary:
      'Devolver un archivo con la devolución (multipart, campo archivo: uno; PDF, imagen, Office o zip hasta el ' +
      'tamaño de la tarea); reemplaza el anterior',
    params: zEntregaParams,
    multipart: true,
    reply: zDevolucionArchivoReply,
    errors: [400, 404],
  }),
  quitarDevolucionArchivo: endpoint({
    method: 'DELETE',
    path: '/tareas/:id/entregas/:perfilAlumnoId/devolucion/archivo',
    access: ['teaching:own'],
    tags,
    summary: 'Quitar el archivo de la devolución',
    params: zEntregaParams,
    reply: zDevolucionArchivoReply,
  }),
  devolucionArchivoFile: endpoint({
    method: 'GET',
    path: '/devoluciones/archivos/:id',
    access: [...TEACHING, ...OWN],
    tags,
    summary: 'El archivo de una devolución: al profesor y al personal; al alumno, una vez publicadas',
    params: zIdParams,
    reply: null,
    download: true,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/tareas/:id/devoluciones/publicar',
    // Written by the subject's own professors only: staff read (403 at the door, before the body).
    access: ['teaching:own'],
    tags,
    summary: 'Publicar las devoluciones y puntajes de la tarea a sus alumnos',
    params: zIdParams,
    reply: zPublicarDevolucionesReply,
  }),
};
