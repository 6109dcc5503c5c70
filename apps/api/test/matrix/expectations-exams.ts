import { adminOnly, PUBLIC, staff, TEACHING, type Rule } from './rule-kit.js';

/** Staff on any exam, a professor on the exams they score (DOMAIN.md 2: 'exam scores'); students refused. */
const calificacionesOwn = (param = 'id'): Rule => ({
  allow: TEACHING,
  ownOnly: ['profesor'],
  params: { [param]: 'examen' },
});
/** The student's own exams and exam enrolment; nobody else's role reaches them. */
const ALUMNO: Rule = { allow: ['alumno'] };

/** The exams routes' rows of the matrix (exams, inscripcionexamen, studentsubjects/mis_derechos_a_examenes). */
export const EXAMEN_ROUTES: Record<string, Rule> = {
  // exams: list and form options for whoever scores (the list narrows a professor to their exams)
  'POST /api/exams/all': { allow: TEACHING },
  'GET /api/exams/form_data': { allow: TEACHING },
  'GET /api/exams/form_data/:id': { allow: TEACHING, params: { id: 'periodo' } },
  // anyone may check a sealed acta's code (the matrix's number is not a code: 400 or 404 are still a pass)
  'GET /api/exams/verify/:code': { ...PUBLIC, params: { code: 'missing' } },
  'GET /api/exams/report/:id': calificacionesOwn(),
  // :extra is a word the fixtures cannot give (400 for all allowed); report/:id checks the same acta's owner
  'GET /api/exams/report/:id/:extra': { allow: TEACHING, params: { id: 'examen', extra: 'missing' } },
  'GET /api/exams/download-score-report/:id': calificacionesOwn(),
  'GET /api/exams/alumnos-materia-notas-download/:id': calificacionesOwn(),
  'PUT /api/exams/alumnos-materia/:id': staff({ id: 'examen' }),
  'GET /api/exams/subjects-schedule/:id': staff({ id: 'materiaPeriodo' }),
  'PUT /api/exams/stamp': staff(),
  // only the root admin reopens; the matrix's empty body answers 400 before that check
  'PUT /api/exams/open': staff(),
  'GET /api/exams/:id': calificacionesOwn(),
  'POST /api/exams': staff(),
  'DELETE /api/exams/:id': staff({ id: 'freshExamen' }),
  // actas rectificativas (issue 30): Admins by role; a Funcionario only when the root grants it (not in the matrix)
  'POST /api/exams/:id/rectificaciones': adminOnly({ id: 'examen' }),
  'GET /api/exams/:id/rectificaciones': calificacionesOwn(),
  'GET /api/exams/verify-rectificacion/:code': { ...PUBLIC, params: { code: 'missing' } },
  // exam enrolments
  'GET /api/inscripcionexamen/form_data': staff(),
  // :loadStudents is 'true' or 'false', which the fixtures cannot give (400 for all allowed)
  'GET /api/inscripcionexamen/form_data/:examId/:loadStudents': {
    allow: TEACHING,
    params: { examId: 'examen', loadStudents: 'missing' },
  },
  'POST /api/inscripcionexamen/my-exams': ALUMNO,
  'POST /api/inscripcionexamen/available': ALUMNO,
  'POST /api/inscripcionexamen/inscribirme': ALUMNO,
  'POST /api/inscripcionexamen/inscribir': staff(),
  'POST /api/inscripcionexamen/update-score': { allow: TEACHING },
  'POST /api/inscripcionexamen': staff(),
  // staff on any; a professor on those of exams they score; a student on their own
  'GET /api/inscripcionexamen/:id': {
    allow: 'signed-in',
    ownOnly: ['profesor', 'alumno'],
    params: { id: 'inscripcionExamen' },
  },
  'DELETE /api/inscripcionexamen/:id': staff({ id: 'freshInscripcionExamen' }),
  'POST /api/studentsubjects/mis_derechos_a_examenes': ALUMNO,
};
