import {
  CALIFICACION_LABELS,
  MSG_REPORTS,
  type AcademicStatus,
  type AlumnosFilters,
  type InscriptosFilters,
  type PorMateriaFilters,
  type ReportFormData,
} from '@arandu/shared';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { toPage, type PageQuery } from '../../lib/search.js';
import { onlyOwn, ownPerfilAlumnoId, requirePerfilAlumno } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as status from './academic-status.repository.js';
import * as alumnos from './alumnos.repository.js';
import * as form from './form-data.repository.js';
import * as inscriptos from './inscriptos.repository.js';
import * as porMateria from './por-materia.repository.js';

/** A professor reads only the subject-periods they teach; staff read all (DOMAIN.md section 2). */
const onlyOwnMaterias = (user: AuthUser): number | null => onlyOwn(user, 'reports:any');

export async function inscriptosPage(db: DbOrTx, q: PageQuery<InscriptosFilters>) {
  return toPage(await inscriptos.inscriptosPage(db, q.filters ?? {}, q));
}

export async function inscriptosChart(db: DbOrTx, filters: InscriptosFilters = {}) {
  return { porSemestre: await inscriptos.inscriptosPorSemestre(db, filters) };
}

/** The chosen subject-period, or 404 when it does not exist or is not the professor's. */
export async function checkMateria(db: DbOrTx, user: AuthUser, filters: PorMateriaFilters): Promise<void> {
  if (!(await porMateria.materiaVisible(db, filters.materiaId, onlyOwnMaterias(user)))) {
    throw AppError.notFound(MSG_REPORTS.materiaNotFound);
  }
}

export async function porMateriaPage(db: DbOrTx, user: AuthUser, q: PageQuery<PorMateriaFilters>) {
  const filters = q.filters!;
  await checkMateria(db, user, filters);
  return toPage(await porMateria.porMateriaPage(db, filters, q));
}

export async function porMateriaChart(db: DbOrTx, user: AuthUser, filters: PorMateriaFilters) {
  await checkMateria(db, user, filters);
  return { rangos: await porMateria.porMateriaRangos(db, filters) };
}

export async function alumnosPage(db: DbOrTx, q: PageQuery<AlumnosFilters>) {
  return toPage(await alumnos.alumnosPage(db, q.filters ?? {}, q));
}

export async function alumnosChart(db: DbOrTx, filters: AlumnosFilters = {}) {
  return { porCarrera: await alumnos.alumnosPorCarrera(db, filters) };
}

/** The filters' options: a professor sees only the subjects they teach. */
export async function formData(db: DbOrTx, user: AuthUser, periodoId?: number): Promise<ReportFormData> {
  const [periodos, carreras, mallas] = await Promise.all([form.periodos(db), form.carreras(db), form.mallas(db)]);
  const chosen =
    periodos.find((p) => p.value === periodoId)?.value ?? periodos.find((p) => p.activo)?.value ?? periodos[0]?.value;
  return {
    periodos: periodos.map(({ value, label }) => ({ value, label })),
    periodoId: chosen ?? null,
    carreras,
    mallas,
    semestres: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    materias: chosen === undefined ? [] : await form.materias(db, chosen, onlyOwnMaterias(user)),
  };
}

export async function alumnoOptions(db: DbOrTx, search: string | undefined) {
  return form.alumnoOptions(db, search);
}

/**
 * 'Estado académico alumno': staff read anyone's; a student only their own, and anyone else's record is
 * answered as missing (DOMAIN.md section 2: 404, not 403).
 */
export async function academicStatus(db: DbOrTx, user: AuthUser, perfilAlumnoId: number): Promise<AcademicStatus> {
  const alumno = await requirePerfilAlumno(db, user, perfilAlumnoId, {
    any: 'reports:any',
    notFound: MSG_REPORTS.studentNotFound,
    load: status.findAlumno,
  });
  const results = await status.academicResults(db, alumno);
  const semestres = new Map<number, AcademicStatus['semestres'][number]>();
  const passed = new Map<number, number>();
  for (const { semestre, calificacion, rectificacionId, nroRectificacion, codigoRectificacion, ...r } of results) {
    if (!semestres.has(semestre)) semestres.set(semestre, { semestre, materias: [] });
    semestres.get(semestre)!.materias.push({
      ...r,
      rectificacion:
        rectificacionId && nroRectificacion && codigoRectificacion
          ? { id: rectificacionId, nroRectificacion, codigo: codigoRectificacion }
          : null,
      calificacion,
      calificacionLetras: calificacion === null ? null : (CALIFICACION_LABELS[calificacion] ?? null),
    });
    if (calificacion !== null && calificacion >= NOTA_APROBACION) {
      passed.set(r.materiaMallaId, Math.max(passed.get(r.materiaMallaId) ?? 0, calificacion));
    }
  }
  const grades = [...passed.values()];
  const { usuarioId: _u, mallaId: _m, ...datos } = alumno;
  return {
    alumno: datos,
    semestres: [...semestres.values()],
    resumen: {
      materias: new Set(results.map((r) => r.materiaMallaId)).size,
      aprobadas: grades.length,
      promedio: grades.length ? Math.round((grades.reduce((a, b) => a + b, 0) / grades.length) * 100) / 100 : null,
    },
  };
}

/** The caller's own academic status ('Estado académico' of the student menu). */
export async function ownAcademicStatus(db: DbOrTx, user: AuthUser): Promise<AcademicStatus> {
  const perfilAlumnoId = await ownPerfilAlumnoId(db, user, 'reports:own-status');
  if (perfilAlumnoId === undefined) throw AppError.notFound(MSG_REPORTS.studentNotFound);
  return academicStatus(db, user, perfilAlumnoId);
}

// A student's academic-status header (name, career, malla), as certificates read it.
export { findAlumno } from './academic-status.repository.js';
