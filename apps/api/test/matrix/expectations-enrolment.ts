import type { Rule } from './rule-kit.js';
import { staff } from './rule-kit.js';

/**
 * The enrolment routes' rows of the matrix (studentsubjects, students/materias-tablero-alumno), from spec 02
 * sections 6-7 and DOMAIN.md sections 2 and 4: staff enrol any student; a student only themselves (another
 * student's profile or enrolment is 404); professors have no part in subject enrolment.
 */
const STAFF_OR_ALUMNO = ['admin', 'funcionario', 'alumno'] as const;
/** The student's own screens (Mis Materias, Tablero, Mi Malla, the form's fixed student). */
const ALUMNO: Rule = { allow: ['alumno'] };

export const ENROLMENT_ROUTES: Record<string, Rule> = {
  // the enrolment form: staff for any student, a student for their own profile
  'GET /api/studentsubjects/subjects_by_semesters/:perfilAlumnoId': {
    allow: STAFF_OR_ALUMNO,
    ownOnly: ['alumno'],
    params: { perfilAlumnoId: 'perfil' },
  },
  // the student is in the body (the empty body answers 400; enrolments.test.ts covers another's profile)
  'POST /api/studentsubjects/save-inscription': { allow: STAFF_OR_ALUMNO },
  // the pre-check of the same body (issue 29): saves nothing; correlatives.test.ts covers another's profile
  'POST /api/studentsubjects/validar': { allow: STAFF_OR_ALUMNO },
  'GET /api/studentsubjects/my-student': ALUMNO,
  // the list: all students' for staff, 'Mis Materias' for a student
  'POST /api/studentsubjects/all': staff(),
  'POST /api/studentsubjects/all-my-subjects': ALUMNO,
  'GET /api/studentsubjects/list-form-data': { allow: STAFF_OR_ALUMNO },
  // the favourite star on one's own enrolment (its id is in the body)
  'POST /api/studentsubjects/add_subject_dashboard': ALUMNO,
  'GET /api/students/materias-tablero-alumno': ALUMNO,
  'GET /api/studentsubjects/my-malla': ALUMNO,
  // staff's 'Nueva inscripción' and 'Datos de la inscripción' (new is Admin only: checked on save, by the body)
  'GET /api/studentsubjects/new-inscription-form-data': staff(),
  'GET /api/studentsubjects/inscription-form-data': staff(),
  'GET /api/studentsubjects/inscription-all-subjects/:mallaId': staff({ mallaId: 'malla' }),
  'GET /api/studentsubjects/:id': { allow: STAFF_OR_ALUMNO, ownOnly: ['alumno'], params: { id: 'inscripcion' } },
  'POST /api/studentsubjects': staff(),
  'DELETE /api/studentsubjects/:id': staff({ id: 'freshInscripcion' }),
  // waiting lists (issue 29): the student's own entries (one not on the list answers 404); staff's in order
  'GET /api/studentsubjects/lista-espera': ALUMNO,
  'DELETE /api/studentsubjects/lista-espera/:materiaPeriodoId': {
    ...ALUMNO,
    params: { materiaPeriodoId: 'materiaPeriodo' },
  },
  'POST /api/studentsubjects/lista-espera/:materiaPeriodoId/aceptar': {
    ...ALUMNO,
    params: { materiaPeriodoId: 'materiaPeriodo' },
  },
  'GET /api/MateriasPeriodo/:id/lista-espera': staff({ id: 'materiaPeriodo' }),
  'POST /api/MateriasPeriodo/:id/lista-espera/mover': staff({ id: 'materiaPeriodo' }),
  'POST /api/MateriasPeriodo/:id/seccion-paralela': staff({ id: 'materiaPeriodo' }),
};
