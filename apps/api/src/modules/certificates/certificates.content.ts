import { CALIFICACION_LABELS, MSG_CERTIFICATES, type CertificadoContenido, type CertificadoTipo } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { academicStatus } from '../reports/reports.service.js';
import { getSettings } from '../settings/settings.service.js';
import { activeEnrolment, generoOf, mallaMateriaCount } from './certificates.repository.js';

/**
 * What a certificate of the type says about the student today, from the same academic status the
 * 'Estado académico' report shows (so the two never disagree), with the letterhead of the moment.
 */
export async function contentOf(
  db: DbOrTx,
  user: AuthUser,
  perfilAlumnoId: number,
  tipo: CertificadoTipo,
): Promise<CertificadoContenido> {
  const status = await academicStatus(db, user, perfilAlumnoId);
  const settings = await getSettings(db);
  const membrete = {
    universidad: settings.nombreUniversidad,
    facultad: settings.nombreFacultad,
    decano: settings.nombreDecano,
  };
  const { nombre, apellido, numeroDocumento, numeroLegajo, carrera, malla } = status.alumno;
  const genero = await generoOf(db, perfilAlumnoId);
  const alumno = { nombre, apellido, numeroDocumento, numeroLegajo, carrera, malla, genero };
  if (tipo === 'alumno-regular') {
    const cursadas = await activeEnrolment(db, perfilAlumnoId);
    if (cursadas.length === 0) throw AppError.badRequest(MSG_CERTIFICATES.notEnrolled);
    return {
      tipo,
      membrete,
      alumno,
      periodo: cursadas[0]!.periodo,
      materias: cursadas.map(({ codigo, materia, seccion }) => ({ codigo, materia, seccion })),
    };
  }
  // The best passing grade of each subject, as the status's summary counts it.
  const best = new Map<number, Extract<CertificadoContenido, { tipo: 'estudios' }>['materias'][number]>();
  for (const semestre of status.semestres) {
    for (const m of semestre.materias) {
      if (m.calificacion === null || m.calificacion < NOTA_APROBACION) continue;
      const prior = best.get(m.materiaMallaId);
      if (prior && prior.calificacion >= m.calificacion) continue;
      best.set(m.materiaMallaId, {
        codigo: m.codigo,
        materia: m.materia,
        calificacion: m.calificacion,
        calificacionLetras: CALIFICACION_LABELS[m.calificacion] ?? String(m.calificacion),
        fechaExamen: m.fechaExamen,
        nroActa: m.nroActa,
      });
    }
  }
  const materiasMalla = await mallaMateriaCount(db, perfilAlumnoId);
  return {
    tipo,
    membrete,
    alumno,
    materias: [...best.values()],
    aprobadas: status.resumen.aprobadas,
    materiasMalla,
    porcentajeMalla: materiasMalla ? Math.round((status.resumen.aprobadas / materiasMalla) * 1000) / 10 : 0,
    promedio: status.resumen.promedio,
  };
}
