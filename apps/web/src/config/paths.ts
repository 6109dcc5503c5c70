/**
 * Every route of the app as a full path, one table (spec 01, 02 and 03 route tables).
 * A route with parameters is a builder that also carries its router pattern:
 * `paths.users.edit(7)` gives '/pages/users/edit/7', `paths.users.edit.pattern` is '/pages/users/edit/:id'.
 */

type Id = string | number;

/** One argument per `:param` of the pattern. */
type ParamArgs<S extends string> = S extends `${string}:${string}/${infer Rest}`
  ? [Id, ...ParamArgs<Rest>]
  : S extends `${string}:${string}`
    ? [Id]
    : [];

export interface ParamRoute<S extends string> {
  (...params: ParamArgs<S>): string;
  readonly pattern: S;
}

function withParams<const S extends string>(pattern: S): ParamRoute<S> {
  const build = (...params: Id[]) => {
    let index = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(params[index++])));
  };
  return Object.assign(build, { pattern });
}

export const paths = {
  // spec 01: shell, login, users
  login: '/',
  // The public page a document's QR code leads to (issue 28: actas; issue 30: every document): no session.
  verifyActa: withParams('/verificar/:code'),
  logIn: '/log_in',
  firstLogIn: '/first_log_in',
  dashboardDefault: '/dashboard_default',
  pages: '/pages',
  one: '/pages/one',
  two: '/pages/two',
  account: {
    myProfile: '/pages/account/my-profile',
    editProfile: '/pages/account/edit-profile',
    // 'Seguridad' (issue 32): the second factor and 'Mis sesiones'.
    security: '/pages/account/security',
    // 'Mi Malla' of the profile menu: the spec names no route for it.
    myMalla: '/pages/account/my-malla',
  },
  users: {
    list: '/pages/users',
    new: '/pages/users/new',
    edit: withParams('/pages/users/edit/:id'),
  },
  students: {
    list: '/pages/students',
    new: '/pages/students/new',
    edit: withParams('/pages/students/edit/:id'),
  },
  // Certificates (issue 30): a student's own, and those staff issue from a student's record.
  certificates: {
    own: '/pages/mis-certificados',
    ofStudent: withParams('/pages/students/edit/:id/certificados'),
  },
  // 'Mi horario' (issue 45): one's own week; staff see a student's, professor's or room's.
  horario: {
    own: '/pages/mi-horario',
    of: withParams('/pages/horario/:titular/:id'),
  },
  // 'Configuración' of the administrators (issue 30).
  configuracion: '/pages/configuracion',
  // 'Correos' of the administrators: the outbox in the browser (issue 34).
  correos: '/pages/correos',
  // 'Alertas tempranas' of the administrators: the daily review's last run and 'Ejecutar ahora' (issue 44).
  alertasTempranas: '/pages/operaciones/alertas',
  // 'Carreras' and 'Materias' of the sidebar: placeholders, the spec names no route for them.
  carreras: '/pages/carreras',
  // Rooms and the academic calendar (issue 45).
  aulas: '/pages/aulas',
  aulasLibres: '/pages/aulas/libres',
  calendarioAcademico: '/pages/calendario-academico',
  materias: '/pages/materias',

  // spec 02: enrolment and exams
  studentSubjects: {
    list: '/pages/student-subjects',
    detail: withParams('/pages/student-subjects/:id'),
    inscriptionForm: '/pages/student-subjects/inscription/form',
    inscriptionNew: '/pages/student-subjects/inscription/new',
    edit: withParams('/pages/student-subjects/edit/:id'),
  },
  studentTasks: withParams('/pages/student-tasks/:id'),
  studentDashboard: '/pages/student-dashboard',
  studentExams: {
    list: '/pages/student-exams',
    inscription: '/pages/student-exams/inscription',
  },
  exams: {
    list: '/pages/exams',
    new: '/pages/exams/new',
    edit: withParams('/pages/exams/edit/:id'),
    showReport: withParams('/pages/exams/show-report/:id'),
    showRecuperatorioReport: withParams('/pages/exams/show-recuperatorio-report/:id'),
    showFinalReport: withParams('/pages/exams/show-final-report/:id'),
    showAllReport: withParams('/pages/exams/show-all-report/:id'),
    // The printed acta rectificativa (issue 30): the exam and the rectification's id.
    showRectificacion: withParams('/pages/exams/show-rectificacion/:id/:rectificacionId'),
    inscription: withParams('/pages/exams/inscription/:examId'),
    inscriptionEdit: withParams('/pages/exams/inscription/:examId/:inscriptionId'),
  },

  // spec 03: subjects per period, teaching, periods, curricula, audit, reports
  subjectsPeriods: {
    list: '/pages/subjects-periods',
    new: '/pages/subjects-periods/new',
    edit: withParams('/pages/subjects-periods/edit/:id'),
    waitlist: withParams('/pages/subjects-periods/waitlist/:id'),
  },
  profesorSubjects: {
    list: '/pages/profesor-subjects',
    detail: withParams('/pages/profesor-subjects/:id'),
  },
  profesorDashboard: '/pages/profesor-dashboard',
  periodos: {
    list: '/pages/periodos',
    new: '/pages/periodos/new',
    edit: withParams('/pages/periodos/edit/:id'),
    materias: withParams('/pages/periodos/edit/:id/materias'),
    subjectEdit: withParams('/pages/periodos/subjects/edit/:id/:idDetail'),
    moveSection: withParams('/pages/periodos/subjects/edit/:id/:idDetail/move-section'),
  },
  // Named by spec 03 as a redirect target "in one reading"; it leads to the period list.
  periodoSubjects: '/pages/periodo-subjects',
  mallas: {
    list: '/pages/mallas',
    new: '/pages/mallas/new',
    edit: withParams('/pages/mallas/edit/:id'),
  },
  auditLog: '/pages/audit_log',
  // 'Importar' of the staff menu (issue 31): the spec names no route for it.
  imports: '/pages/importar',
  reports: {
    inscripcion: '/pages/reporte-inscripcion',
    alumnos: '/pages/reporte-alumnos',
    academicStatus: '/pages/reporte-alumnos/academic-status',
    academicStatusOf: withParams('/pages/reporte-alumnos/academic-status/:id'),
    alumnosPorMaterias: '/pages/reporte-alumnos-por-materias',
  },
} as const;

/** Routes where no session check runs (spec 01 section 2: '/', the empty path and '/log_in'). */
export const PUBLIC_PATHS: readonly string[] = ['', paths.login, paths.logIn];

/** The spec's public routes, and the acta verification anyone holding a printed acta may open. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || pathname.toLowerCase().startsWith('/verificar/');
}
