import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/auth-user.js';
import { calificaciones } from './homework.service.js';

type Alumno = Awaited<ReturnType<typeof calificaciones>>['alumnos'][number];

/**
 * The Calificaciones tab's download (Alumnos.xlsx): one column per homework as score/total, then % PP and
 * % Asistencia. A subject-period holds at most a few hundred students, so its rows are read at once.
 */
export async function sendCalificacionesXlsx(reply: FastifyReply, db: Db, user: AuthUser, id: number) {
  const { tareas, alumnos } = await calificaciones(db, user, id);
  const columns: XlsxColumn<Alumno>[] = [
    { header: 'Nº Documento', width: 14, value: (r) => r.numeroDocumento },
    { header: 'Apellido', width: 24, value: (r) => r.apellidoAlumno },
    { header: 'Nombre', width: 24, value: (r) => r.nombreAlumno },
    ...tareas.map((t): XlsxColumn<Alumno> => ({
      header: `${t.descripcion} (/${t.puntajeTotal})`,
      width: Math.min(40, Math.max(12, t.descripcion.length + 8)),
      numFmt: '0.##',
      value: (r) => r.calificaciones.find((c) => c.tareaId === t.id)?.puntaje ?? null,
    })),
    { header: '% PP', width: 8, numFmt: '0.##', value: (r) => r.porcentajePP },
    { header: '% Asistencia', width: 13, numFmt: '0', value: (r) => r.porcentajeAsistencia },
  ];
  return sendXlsx(reply, 'Alumnos.xlsx', { name: 'Calificaciones', columns, rows: alumnos });
}
