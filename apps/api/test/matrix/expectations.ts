import { ENROLMENT_ROUTES } from './expectations-enrolment.js';
import { EXAMEN_ROUTES } from './expectations-exams.js';
import { PLANNING_ROUTES } from './expectations-planning.js';
import { REPORT_ROUTES } from './expectations-reports.js';
import { SCHEDULE_ROUTES } from './expectations-schedule.js';
import { TEACHING_ROUTES } from './expectations-teaching.js';
import { adminOnly, ownUser, PUBLIC, staff, TEACHING, teachingOwn, type Rule } from './rule-kit.js';

export type { Rule } from './rule-kit.js';

/**
 * Who may call each API route (route-matrix.test.ts; how a row reads: rule-kit.ts). A route without a row fails
 * the test: add ONE line to the table of its area, keyed `METHOD /api/path/:param` exactly as Fastify registers it.
 */
const CORE_ROUTES: Record<string, Rule> = {
  // health, session, login (spec 01)
  'GET /api/health': PUBLIC,
  // operations: a Prometheus token or an administrator's session (issue 16)
  'GET /api/metrics': adminOnly(),
  // the early warnings' run now (issue 30)
  'POST /api/operations/alertas/run': adminOnly(),
  // its screen: the last run and what it found (issue 44)
  'GET /api/operations/alertas': adminOnly(),
  'GET /api/public/settings': PUBLIC,
  'POST /api/users/login': PUBLIC,
  'POST /api/users/forgot_password': PUBLIC,
  'POST /api/users/set_new_password': { allow: 'signed-in', firstLogin: true },
  'GET /api/users/get_login_status': { allow: 'signed-in', firstLogin: true },
  'POST /api/users/logout': { allow: 'signed-in', firstLogin: true, endsSession: true },
  // second factor and sessions (issue 32)
  'POST /api/users/login/mfa': PUBLIC,
  'POST /api/users/login/oidc': PUBLIC,
  'GET /api/auth/oidc/start': PUBLIC,
  'GET /api/auth/oidc/callback': PUBLIC,
  // the provider's account a user is bound to, and the provider's back-channel logout (issue 41)
  'POST /api/auth/oidc/backchannel-logout': PUBLIC,
  'GET /api/users/:id/institutional-account': staff({ id: 'user' }),
  'DELETE /api/users/:id/institutional-account': staff({ id: 'freshUser' }),
  'GET /api/users/mfa': { allow: 'signed-in' },
  'POST /api/users/mfa/setup': { allow: 'signed-in' },
  'POST /api/users/mfa/enable': { allow: 'signed-in' },
  'POST /api/users/mfa/disable': { allow: 'signed-in' },
  'POST /api/users/mfa/recovery_codes': { allow: 'signed-in' },
  'POST /api/users/:id/mfa/reset': staff({ id: 'freshUser' }),
  // security keys and passkeys as a second factor (issue 41 item 7): one's own only
  'GET /api/users/mfa/webauthn': { allow: 'signed-in' },
  'POST /api/users/mfa/webauthn/register/options': { allow: 'signed-in' },
  'POST /api/users/mfa/webauthn/register/verify': { allow: 'signed-in' },
  'POST /api/users/mfa/webauthn/confirm/options': { allow: 'signed-in' },
  'DELETE /api/users/mfa/webauthn/:id': { allow: 'signed-in', params: { id: 'missing' } },
  'POST /api/users/login/mfa/methods': PUBLIC,
  'POST /api/users/mfa/webauthn/login/options': PUBLIC,
  'POST /api/users/mfa/webauthn/login/verify': PUBLIC,
  'GET /api/users/sessions': { allow: 'signed-in' },
  'DELETE /api/users/sessions': { allow: 'signed-in' },
  'DELETE /api/users/sessions/:sessionId': { allow: 'signed-in', params: { sessionId: 'missing' } },
  'GET /api/users/:id/sessions': staff({ id: 'user' }),
  'DELETE /api/users/:id/sessions': staff({ id: 'freshUser' }),
  'GET /api/settings/second-factor': adminOnly(),
  'PUT /api/settings/second-factor': adminOnly(),
  'DELETE /api/users/:id/sessions/:sessionId': staff({ id: 'freshUser', sessionId: 'missing' }),
  // identity events (issue 41)
  'GET /api/users/sessions/sign_ins': { allow: 'signed-in' },
  'POST /api/users/:id/security_events': staff({ id: 'user' }),
  // users
  'POST /api/users/all': staff(),
  'GET /api/users/all': staff(),
  'GET /api/users/roles': staff(),
  'GET /api/users/form_data': { allow: 'signed-in' },
  'GET /api/users/profile': { allow: 'signed-in' },
  'POST /api/users/profile': { allow: 'signed-in' },
  'GET /api/users/profile/avisos': { allow: 'signed-in' },
  'PUT /api/users/profile/avisos': { allow: 'signed-in' },
  'GET /api/users/reset_password/:id': staff({ id: 'freshUser' }),
  'POST /api/users/reset_password/:id': staff({ id: 'freshUser' }),
  'GET /api/users/:id/mails': adminOnly({ id: 'user' }),
  // the outbox read in the browser (issue 34 item 24)
  'GET /api/outbox': adminOnly(),
  // the root administrator grants a Funcionario 'actas:rectificar' (issue 30); the matrix's empty body is a 400
  'PUT /api/users/:id/rectificar-actas': adminOnly({ id: 'user' }),
  'GET /api/users/:id': ownUser,
  'POST /api/users': { allow: 'signed-in' },
  'DELETE /api/users/:id': staff({ id: 'freshUser' }),
  'POST /api/users/:id/photo': { ...ownUser, bodyFirst: true },
  'GET /api/users/:id/photo': ownUser,
  'DELETE /api/users/:id/photo': ownUser,
  'POST /api/users/all_auditlog': staff(),
  'POST /api/users/auditlog_history': staff(),
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
  // rooms and the academic calendar (issue 45)
  'POST /api/aulas/all': staff(),
  'GET /api/aulas/opciones': staff(),
  'GET /api/aulas/libres': staff(),
  'GET /api/aulas/:id': staff({ id: 'missing' }),
  'POST /api/aulas': staff(),
  'DELETE /api/aulas/:id': staff({ id: 'missing' }),
  'GET /api/periodos/:id/dias-sin-clases': staff({ id: 'periodo' }),
  'POST /api/periodos/:id/dias-sin-clases': staff({ id: 'periodo' }),
  'DELETE /api/periodos/:id/dias-sin-clases/:fecha': staff({ id: 'periodo', fecha: 'missing' }),
  'POST /api/materias/all': staff(),
  'GET /api/materias/form_data': staff(),
  'GET /api/materias/:id': staff({ id: 'materia' }),
  'POST /api/materias': staff(),
  'DELETE /api/materias/:id': staff({ id: 'freshMateria' }),
  // configuration, certificates, verification (issue 30)
  'GET /api/configuracion': adminOnly(),
  'PUT /api/configuracion': adminOnly(),
  'GET /api/configuracion/membrete': PUBLIC,
  'GET /api/configuracion/logo': PUBLIC,
  'PUT /api/configuracion/logo': adminOnly(),
  'DELETE /api/configuracion/logo': adminOnly(),
  'POST /api/certificados': { allow: ['admin', 'funcionario', 'alumno'] },
  'GET /api/certificados': { allow: ['admin', 'funcionario', 'alumno'] },
  'GET /api/certificados/:id/pdf': {
    allow: ['admin', 'funcionario', 'alumno'],
    ownOnly: ['alumno'],
    params: { id: 'certificado' },
  },
  'GET /api/verificar/:codigo': { ...PUBLIC, params: { codigo: 'missing' } },
  // imports (issue 31)
  'POST /api/importaciones/:tipo': staff({ tipo: 'importKind' }),
  'POST /api/importaciones/:tipo/informe': staff({ tipo: 'importKind' }),
  'GET /api/importaciones/:tipo/plantilla': staff({ tipo: 'importKind' }),
  // credential letters of an import without SMTP (issue 44): one's own only; imports-credentials.test.ts
  'POST /api/importaciones/credenciales/:id/pdf': { ...staff({ id: 'missing' }), bodyFirst: true },
  'POST /api/importaciones/credenciales/:id/restablecer': staff({ id: 'missing' }),
  'POST /api/mallas/all': staff(),
  'GET /api/mallas/form_data': staff(),
  'GET /api/mallas/:id': staff({ id: 'malla' }),
  'POST /api/mallas': staff(),
  'DELETE /api/mallas/:id': staff({ id: 'freshMalla' }),
  'POST /api/mallas/:id/materias/all': staff({ id: 'malla' }),
  'POST /api/mallas/:id/materias': staff({ id: 'malla' }),
  // a correlative exception (issue 29): the body names the student; correlatives.test.ts covers its rules
  'POST /api/mallas/:id/materias/:materiaMallaId/excepciones': staff({ id: 'malla', materiaMallaId: 'materiaMalla' }),
  'GET /api/mallas/:id/materias/:materiaMallaId/excepciones': staff({ id: 'malla', materiaMallaId: 'materiaMalla' }),
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
  // the enrolment is in the body: its tests cover another professor's (404)
  'POST /api/studentsubjects/actualizar_notas': { allow: TEACHING },
  'GET /api/MateriasPeriodo/:id/alumnos-download': teachingOwn(),
  // rectifications of a sealed subject-period's record (issue 30): Admins by role, like the exams' ones
  'POST /api/MateriasPeriodo/:id/rectificaciones': adminOnly({ id: 'materiaPeriodo' }),
  'GET /api/MateriasPeriodo/:id/rectificaciones': teachingOwn(),
  // professors' own subjects
  'GET /api/Professors/form_data': { allow: TEACHING },
  'POST /api/Professors/subjects/all': { allow: TEACHING },
  'GET /api/Professors/all_subjects_dashboard': { allow: TEACHING },
  'POST /api/Professors/add_subject_dashboard': { allow: TEACHING },
};

export const EXPECTED: Record<string, Rule> = {
  ...CORE_ROUTES,
  ...ENROLMENT_ROUTES,
  ...TEACHING_ROUTES,
  ...EXAMEN_ROUTES,
  ...PLANNING_ROUTES,
  ...REPORT_ROUTES,
  ...SCHEDULE_ROUTES,
};
