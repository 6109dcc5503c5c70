import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { inBatches, sendXlsx } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/auth-user.js';
import { alumnosForDownload } from './subject-periods.service.js';

export const ALUMNOS_FILE_NAME = 'Alumnos.xlsx';
const BATCH = 1000;

/** 'Descargar lista' of the Calificaciones tab: the subject-period's students with % PP and % Asistencia. */
export async function sendAlumnosXlsx(reply: FastifyReply, db: Db, user: AuthUser, id: number) {
  const { batch } = await alumnosForDownload(db, user, id);
  const rows = inBatches(BATCH, batch, (r) => ({ apellido: r.apellido, nombre: r.nombre, id: r.id }));
  return sendXlsx(reply, ALUMNOS_FILE_NAME, {
    name: 'Alumnos',
    columns: [
      { header: 'Nº Documento', width: 14, value: (r) => r.numeroDocumento },
      { header: 'Apellido', width: 24, value: (r) => r.apellido },
      { header: 'Nombre', width: 24, value: (r) => r.nombre },
      { header: 'Correo', width: 32, value: (r) => r.email },
      { header: '% PP', width: 8, numFmt: '0.##', value: (r) => r.porcentajePP },
      { header: '% Asistencia', width: 13, numFmt: '0', value: (r) => r.porcentajeAsistencia },
    ],
    rows,
  });
}
