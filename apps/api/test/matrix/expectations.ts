import type { FixtureName, RoleCaller } from './fixtures.js';

/**
 * Who may call each API route: the route x role matrix (route-matrix.test.ts) calls every route in Fastify's
 * table as each caller and compares with this table. A route without a row fails the test, so a new route
 * cannot ship unchecked: add ONE line here, keyed `METHOD /api/path/:param` exactly as Fastify registers it.
 *
 * - `allow`: who gets past the door: 'public' (anyone), 'signed-in' (any role; the service then checks the
 *   object) or the roles. Nobody and a made-up token get 401; a user who must still set a new password 403.
 * - `ownOnly`: roles that reach only their own objects (their user, record, subject-periods they teach): on
 *   another's they get 404 (DOMAIN.md section 2). Rows with it are called on an own and an other object.
 * - `refused`: the status of a signed-in role outside `allow` (403 unless said).
 * - `params`: which fixture fills each `:param` (fixtures.ts; `fresh*` make a new object per call, for deletes).
 * - `bodyFirst`: the body is validated before the object is looked up, so the matrix's empty body may answer
 *   400 where another's object would answer 404 (still not a leak; the route's own tests cover the 404).
 */
export interface Rule {
  allow: 'public' | 'signed-in' | readonly RoleCaller[];
  ownOnly?: readonly RoleCaller[];
  refused?: 403 | 404;
  firstLogin?: true;
  params?: Record<string, FixtureName>;
  endsSession?: true;
  bodyFirst?: true;
}

const STAFF = ['admin', 'funcionario'] as const;
const TEACHING = ['admin', 'funcionario', 'profesor'] as const;
const PUBLIC: Rule = { allow: 'public' };
const staff = (params?: Rule['params']): Rule => ({ allow: STAFF, ...(params ? { params } : {}) });
const adminOnly = (params?: Rule['params']): Rule => ({ allow: ['admin'], ...(params ? { params } : {}) });
/** Any signed-in user on their own object; staff on anyone's; the others get 404 on someone else's. */
const ownUser: Rule = { allow: 'signed-in', ownOnly: ['profesor', 'alumno'], params: { id: 'user' } };
/** Staff on any subject-period, a professor on those they teach; students refused. */
const teachingOwn = (param = 'id'): Rule => ({
  allow: TEACHING,
  ownOnly: ['profesor'],
  params: { [param]: 'materiaPeriodo' },
});

export const EXPECTED: Record<string, Rule> = {
  // health, session, login (spec 01)
  'GET /api/health': PUBLIC,
  'GET /api/public/settings': PUBLIC,
  'POST /api/users/login': PUBLIC,
  'POST /api/users/forgot_password': PUBLIC,
  'POST /api/users/set_new_password': { allow: 'signed-in', firstLogin: true },
  'GET /api/users/get_login_status': { allow: 'signed-in', firstLogin: true },
  'POST /api/users/logout': { allow: 'signed-in', firstLogin: true, endsSession: true },
  // users
  'POST /api/users/all': staff(),
  'GET /api/users/roles': staff(),
  'GET /api/users/form_data': { allow: 'signed-in' },
  'GET /api/users/profile': { allow: 'signed-in' },
  'POST /api/users/profile': { allow: 'signed-in' },
  'GET /api/users/reset_password/:id': staff({ id: 'freshUser' }),
  'POST /api/users/reset_password/:id': staff({ id: 'freshUser' }),
  'GET /api/users/:id/mails': adminOnly({ id: 'user' }),
  'GET /api/users/:id': ownUser,
  'POST /api/users': { allow: 'signed-in' },
  'DELETE /api/users/:id': staff({ id: 'freshUser' }),
  'POST /api/users/:id/photo': { ...ownUser, bodyFirst: true },
  'GET /api/users/:id/photo': ownUser,
  'DELETE /api/users/:id/photo': ownUser,
  'POST /api/users/all_auditlog': staff(),
  // students
  'POST /api/students/all': staff(),
  'GET /api/students/mallas': staff(),
  'GET /api/students/select_values': staff(),
  'GET /api/students/:id': {
    allow: ['admin', 'funcionario', 'alumno'],
    ownOnly: ['alumno'],
    refused: 404,
    params: { id: 'perfil' },
  },
  'POST /api/students': staff(),
  'DELETE /api/students/:id': staff({ id: 'freshPerfil' }),
  // structure: careers, subjects, mallas, periods, subject-periods
  'POST /api/carreras/all': staff(),
  'GET /api/carreras/:id': staff({ id: 'carrera' }),
  'POST /api/carreras': staff(),
  'DELETE /api/carreras/:id': staff({ id: 'freshCarrera' }),
  'POST /api/materias/all': staff(),
  'GET /api/materias/form_data': staff(),
  'GET /api/materias/:id': staff({ id: 'materia' }),
  'POST /api/materias': staff(),
  'DELETE /api/materias/:id': staff({ id: 'freshMateria' }),
  'POST /api/mallas/all': staff(),
  'GET /api/mallas/form_data': staff(),
  'GET /api/mallas/:id': staff({ id: 'malla' }),
  'POST /api/mallas': staff(),
  'DELETE /api/mallas/:id': staff({ id: 'freshMalla' }),
  'POST /api/mallas/:id/materias/all': staff({ id: 'malla' }),
  'POST /api/mallas/:id/materias': staff({ id: 'malla' }),
  'DELETE /api/mallas/materias/:id': staff({ id: 'freshMateriaMalla' }),
  'POST /api/periodos/all': staff(),
  'GET /api/periodos/form_data': staff(),
  'GET /api/periodos/form_data_edit_subjects/:id': staff({ id: 'periodo' }),
  'GET /api/periodos/subjects_by_semesters/:periodoId/:carreraId': staff({
    periodoId: 'periodo',
    carreraId: 'carrera',
  }),
  'POST /api/periodos/save_subjects': staff(),
  'POST /api/periodos/:id/materias/all': staff({ id: 'periodo' }),
  'DELETE /api/periodos/materias/:id': staff({ id: 'freshMateriaPeriodo' }),
  'GET /api/periodos/:id': staff({ id: 'periodo' }),
  'POST /api/periodos': staff(),
  'DELETE /api/periodos/:id': staff({ id: 'freshPeriodo' }),
  'POST /api/MateriasPeriodo/all': staff(),
  'GET /api/MateriasPeriodo/form_data': staff(),
  'GET /api/MateriasPeriodo/subjects/:id': staff({ id: 'periodo' }),
  'GET /api/MateriasPeriodo/inscription-students/:id': staff({ id: 'materiaPeriodo' }),
  'POST /api/MateriasPeriodo/move-inscription': staff(),
  'GET /api/MateriasPeriodo/:id': teachingOwn(),
  'POST /api/MateriasPeriodo': staff(),
  'DELETE /api/MateriasPeriodo/:id': staff({ id: 'freshMateriaPeriodo' }),
  'POST /api/MateriasPeriodo/:id/alumnos': teachingOwn(),
  'POST /api/MateriasPeriodo/:id/notas': { ...teachingOwn(), bodyFirst: true },
  'GET /api/MateriasPeriodo/:id/alumnos-download': teachingOwn(),
  // professors' own subjects
  'GET /api/Professors/form_data': { allow: TEACHING },
  'POST /api/Professors/subjects/all': { allow: TEACHING },
  'GET /api/Professors/all_subjects_dashboard': { allow: TEACHING },
  'POST /api/Professors/add_subject_dashboard': { allow: TEACHING },
};
