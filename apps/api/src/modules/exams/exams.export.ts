import type { FastifyReply } from 'fastify';
import { CALIFICACION_LABELS, INSTANCIA_EXAMEN_LABELS } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { sendXlsx } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './exams.repository.js';
import { gradePending, loadFor } from './exams.service.js';
import { withRectificacion } from './rectified-figures.js';

/** 'Descargar Respaldo Docente': the exam's scores as an xlsx named after the subject code (spec 02 7). */
export async function sendCalificacionReport(reply: FastifyReply, db: Db, user: AuthUser, id: number) {
  const examen = await loadFor(db, user, id);
  // The figures in force: a rectified row shows its acta rectificativa's, named in the last column.
  const inscriptos = (await repo.inscriptosOf(db, id)).map(withRectificacion);
  type Fila = (typeof inscriptos)[number];
  return sendXlsx(reply, `${examen.codigoMateria}.xlsx`, {
    name: examen.codigoMateria.slice(0, 31),
    columns: [
      { header: 'Nº Documento', width: 14, value: (r: Fila) => r.numeroDocumento },
      { header: 'Apellido', width: 24, value: (r) => r.apellido },
      { header: 'Nombre', width: 24, value: (r) => r.nombre },
      { header: 'Instancia', width: 14, value: (r) => INSTANCIA_EXAMEN_LABELS[r.instancia] },
      { header: '% Asistencia', width: 13, numFmt: '0', value: (r) => r.porcentajeAsistencia },
      { header: '% PP', width: 8, numFmt: '0', value: (r) => r.porcentajePP },
      { header: '% PF', width: 8, numFmt: '0', value: (r) => r.porcentajePF },
      { header: '% PC', width: 8, numFmt: '0', value: (r) => r.porcentajePC },
      // A grade still to come is left empty, not written as 0 'Ausente'.
      { header: 'Calificación', width: 12, value: (r) => (gradePending(r) ? null : r.calificacion) },
      { header: 'En letras', width: 12, value: (r) => (gradePending(r) ? null : CALIFICACION_LABELS[r.calificacion]) },
      { header: 'Rectificada por', width: 18, value: (r) => r.rectificacion?.nroRectificacion ?? null },
    ],
    rows: [inscriptos],
  });
}

/** `GET /api/exams/alumnos-materia-notas-download/{id}`: the exam's subject students (Alumnos.xlsx). */
export async function sendAlumnosMateria(reply: FastifyReply, db: Db, user: AuthUser, id: number) {
  await loadFor(db, user, id);
  const alumnos = await repo.alumnosMateria(db, id);
  return sendXlsx(reply, 'Alumnos.xlsx', {
    name: 'Alumnos',
    columns: [
      { header: 'Nº Documento', width: 14, value: (r: (typeof alumnos)[number]) => r.numeroDocumento },
      { header: 'Apellido', width: 24, value: (r) => r.apellido },
      { header: 'Nombre', width: 24, value: (r) => r.nombre },
      { header: 'Correo', width: 32, value: (r) => r.email },
      { header: 'Inscripto al examen', width: 18, value: (r) => (r.inscripto ? 'Sí' : 'No') },
    ],
    rows: [alumnos],
  });
}
