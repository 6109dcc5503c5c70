import { TEACHING, type Rule } from './rule-kit.js';

/** Staff on any object of the area, a professor on those of the subject-periods they teach (else 404). */
type TeachingFixture =
  'tarea' | 'freshTarea' | 'asistencia' | 'freshAsistencia' | 'taughtMateriaPeriodo' | 'freshTaughtMateriaPeriodo';
const taught = (id: TeachingFixture): Rule => ({
  allow: TEACHING,
  ownOnly: ['profesor'],
  params: { id },
});
/** The student's own side of a subject-period they are enrolled in (spec 03 section 7; DOMAIN.md section 2). */
const enrolledOnly: Rule = { allow: ['alumno'], ownOnly: ['alumno'], params: { id: 'taughtMateriaPeriodo' } };

/**
 * The teaching routes' rows of the matrix (homework, assistances, MateriasPeriodo/my, exams/:id/homework/my).
 * DOMAIN.md section 2: homework, attendance, publish and seal are staff's on any subject-period, a professor's
 * only where they teach (404 elsewhere); a student reads only their own results (404 where not enrolled).
 */
export const TEACHING_ROUTES: Record<string, Rule> = {
  // homework (spec 03 section 7, {homework}); :id is the homework's or, as said, the subject-period's
  'GET /api/homework/homework/form_data': { allow: TEACHING },
  'GET /api/homework/homework/:id': taught('tarea'),
  'POST /api/homework/homework': { allow: TEACHING },
  'POST /api/homework/homework/update-score': { allow: TEACHING },
  'POST /api/homework/:id/homework/all': taught('taughtMateriaPeriodo'),
  'DELETE /api/homework/homework/:id': taught('freshTarea'),
  // the body is checked first: a professor's empty body on another's answers 400 (tests of teaching cover 404)
  'PUT /api/homework/uses-percent-weight/:id': { ...taught('taughtMateriaPeriodo'), bodyFirst: true },
  // a fresh subject-period per call: a publish that goes through freezes it
  'PUT /api/homework/publish/:id': taught('freshTaughtMateriaPeriodo'),
  'PUT /api/homework/stamp/:id': taught('freshTaughtMateriaPeriodo'),
  'GET /api/homework/:id/calificaciones': taught('taughtMateriaPeriodo'),
  'GET /api/homework/alumnos-materia-download/:id': taught('taughtMateriaPeriodo'),
  // attendance (spec 03 section 7, {attendance}); the grid also for an enrolled student (their own row)
  'GET /api/assistances/form-data/:id': taught('taughtMateriaPeriodo'),
  'POST /api/assistances/:id/all': {
    allow: [...TEACHING, 'alumno'],
    ownOnly: ['profesor', 'alumno'],
    params: { id: 'taughtMateriaPeriodo' },
  },
  'POST /api/assistances': { allow: TEACHING },
  'GET /api/assistances/:id': taught('asistencia'),
  'DELETE /api/assistances/:id': taught('freshAsistencia'),
  'POST /api/assistances/:id/update-presence': { ...taught('asistencia'), bodyFirst: true },
  'POST /api/assistances/:id/mark-all-present': taught('asistencia'),
  // the student's side of a subject-period (decision 007): only where enrolled
  'GET /api/MateriasPeriodo/my/:id': enrolledOnly,
  'POST /api/exams/:id/homework/my': enrolledOnly,
  // early warnings (issue 30): a subject-period's list where one teaches; the student's own card
  'GET /api/MateriasPeriodo/:id/alertas': taught('taughtMateriaPeriodo'),
  'GET /api/alertas/mias': { allow: ['alumno'] },
  // homework handed in through Arandu (issue 46): the student's own (404 where not enrolled or not handed in
  // through Arandu: entregas.test covers both sides); the professor's side where they teach, staff read-only
  'POST /api/tareas/:id/entregas': { allow: ['alumno'], params: { id: 'tarea' } },
  'GET /api/tareas/:id/entregas/mia': { allow: ['alumno'], params: { id: 'tarea' } },
  // the dashboard's deadlines: the student's own enrolments only, nothing to name
  'GET /api/entregas/proximas': { allow: ['alumno'] },
  'GET /api/tareas/:id/entregas': taught('tarea'),
  'GET /api/tareas/:id/entregas.zip': taught('tarea'),
  // a file id: the matrix has no hand-in, so every caller past the door gets 404 (entregas.test: the sides)
  'GET /api/entregas/archivos/:id': { allow: [...TEACHING, 'alumno'], params: { id: 'tarea' } },
  // feedback is written by the subject's own professors only: staff read (403 here)
  'PUT /api/tareas/:id/entregas/:perfilAlumnoId/devolucion': {
    allow: ['profesor'],
    ownOnly: ['profesor'],
    params: { id: 'tarea', perfilAlumnoId: 'tarea' },
    bodyFirst: true,
  },
  'POST /api/tareas/:id/devoluciones/publicar': { allow: ['profesor'], ownOnly: ['profesor'], params: { id: 'tarea' } },
  // the file given back with the feedback: the same professors; the student is one enrolled in the taught
  // subject-period (own side; the matrix's empty body is no multipart: 400), another's homework 404
  'POST /api/tareas/:id/entregas/:perfilAlumnoId/devolucion/archivo': {
    allow: ['profesor'],
    ownOnly: ['profesor'],
    params: { id: 'tarea', perfilAlumnoId: 'perfil' },
  },
  'DELETE /api/tareas/:id/entregas/:perfilAlumnoId/devolucion/archivo': {
    allow: ['profesor'],
    ownOnly: ['profesor'],
    params: { id: 'tarea', perfilAlumnoId: 'perfil' },
  },
  // a given-back file's id: none in the matrix, so every caller past the door gets 404 (entregas.test: the sides)
  'GET /api/devoluciones/archivos/:id': { allow: [...TEACHING, 'alumno'], params: { id: 'tarea' } },
};
