import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { getSession, getViewAs, isAuthenticated, pathForViewChange } from '../lib/session';
import { RootRoute } from './root-route';

/** `handle` of every route: the page title (document title, under-construction page). */
export interface RouteHandle {
  title: string;
}

type LazyComponent = () => Promise<ComponentType>;

// Every screen is its own chunk: the login page downloads none of the others.
const underConstruction: LazyComponent = () =>
  import('../components/under-construction').then((m) => m.UnderConstruction);
const loginPage: LazyComponent = () => import('../features/auth/pages/login-page').then((m) => m.LoginPage);
const userForm: LazyComponent = () => import('../features/users/pages/user-form-page').then((m) => m.UserFormPage);
const alumnoForm: LazyComponent = () =>
  import('../features/students/pages/student-form-page').then((m) => m.AlumnoFormPage);
const mallaForm: LazyComponent = () => import('../features/mallas/pages/malla-form-page').then((m) => m.MallaFormPage);
const periodoForm: LazyComponent = () =>
  import('../features/periods/pages/periodo-form-page').then((m) => m.PeriodoFormPage);
const materiaPeriodoForm: LazyComponent = () =>
  import('../features/subject-periods/pages/materia-periodo-form-page').then((m) => m.MateriaPeriodoFormPage);

const examenForm: LazyComponent = () => import('../features/exams/pages/exam-form-page').then((m) => m.ExamenFormPage);
const actaPage: LazyComponent = () => import('../features/exams/pages/acta-page').then((m) => m.ActaPage);
const examenInscripcionForm: LazyComponent = () =>
  import('../features/exams/pages/exam-inscription-page').then((m) => m.ExamenInscripcionPage);

function page(path: string, title: string, Component: LazyComponent = underConstruction): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, lazy: { Component } };
}

/** Every /pages route needs a stored authenticated user; one who must set a new password goes to do so. */
function requireUser(pathname = '') {
  const user = getSession();
  if (!isAuthenticated(user)) return redirect(paths.login);
  if (user.firstLogin) return redirect(paths.firstLogIn);
  // Staff the faculty asks for a second factor set it up before anything else (issue 32).
  if (user.mfaSetupRequired && pathname !== paths.account.security) {
    return redirect(paths.account.security);
  }
  return null;
}

/**
 * A loader that starts a screen's first API call (`prefetch`, loaded with the screen's chunks) for a user the
 * shell will let in, without holding the navigation for it.
 */
function prefetchFor(load: () => Promise<() => void>) {
  return () => {
    // A chunk that fails to download fails the screen's own import too, which reports it.
    if (requireUser() === null)
      void load().then(
        (prefetch) => prefetch(),
        () => undefined,
      );
    return null;
  };
}

function requireStoredUser() {
  return getSession() ? null : redirect(paths.login);
}

/** The logo's target: the dashboard of the current view. */
function dashboardDefault() {
  return redirect(pathForViewChange(getSession(), getViewAs()));
}

const shellRoutes = (): RouteObject[] => [
  {
    index: true,
    handle: { title: 'Inicio' } satisfies RouteHandle,
    lazy: { Component: () => import('../features/home/pages/pages-index').then((m) => m.PagesIndexPage) },
  },
  page(paths.one, 'Inicio', () => import('../features/home/pages/staff-home').then((m) => m.StaffHomePage)),
  page(paths.two, 'Página dos'),

  // spec 01
  page(paths.account.myProfile, 'Mi Perfil', () =>
    import('../features/users/pages/my-profile-page').then((m) => m.MyProfilePage),
  ),
  page(paths.account.security, 'Seguridad', () =>
    import('../features/security/pages/security-page').then((m) => m.SecurityPage),
  ),
  page(paths.account.editProfile, 'Editar Perfil', () =>
    import('../features/users/pages/edit-profile-page').then((m) => m.EditProfilePage),
  ),
  page(paths.account.myMalla, 'Mi Malla', () =>
    import('../features/enrolments/pages/my-malla-page').then((m) => m.MyMallaPage),
  ),
  page(paths.users.list, 'Usuarios del Sistema', () =>
    import('../features/users/pages/users-page').then((m) => m.UsersPage),
  ),
  page(paths.users.new, 'Nuevo usuario', userForm),
  page(paths.users.edit.pattern, 'Editar usuario', userForm),
  page(paths.students.list, 'Alumnos del Sistema', () =>
    import('../features/students/pages/students-page').then((m) => m.AlumnosPage),
  ),
  page(paths.students.new, 'Nuevo alumno', alumnoForm),
  page(paths.students.edit.pattern, 'Editar alumno', alumnoForm),
  page(paths.carreras, 'Carreras', () => import('../features/careers/pages/carreras-page').then((m) => m.CarrerasPage)),
  page(paths.aulas, 'Aulas', () => import('../features/rooms/pages/aulas-page').then((m) => m.AulasPage)),
  page(paths.aulasLibres, 'Aulas libres', () =>
    import('../features/rooms/pages/aulas-libres-page').then((m) => m.AulasLibresPage),
  ),
  page(paths.calendarioAcademico, 'Calendario académico', () =>
    import('../features/rooms/pages/calendario-academico-page').then((m) => m.CalendarioAcademicoPage),
  ),
  page(paths.materias, 'Materias', () =>
    import('../features/subjects/pages/materias-page').then((m) => m.MateriasPage),
  ),

  // spec 02
  page(paths.studentSubjects.list, 'Inscripciones a materias', () =>
    import('../features/enrolments/pages/enrolments-page').then((m) => m.EnrolmentsPage),
  ),
  page(paths.studentSubjects.inscriptionForm, 'Inscripción a materias', () =>
    import('../features/enrolments/pages/inscription-form-page').then((m) => m.InscripcionFormPage),
  ),
  page(paths.studentSubjects.inscriptionNew, 'Nueva inscripción', () =>
    import('../features/enrolments/pages/enrolment-edit-page').then((m) => m.EnrolmentEditPage),
  ),
  page(paths.studentSubjects.edit.pattern, 'Datos de la inscripción', () =>
    import('../features/enrolments/pages/enrolment-edit-page').then((m) => m.EnrolmentEditPage),
  ),
  page(paths.studentSubjects.detail.pattern, 'Detalle de la materia', () =>
    import('../features/teaching/pages/student-subject-page').then((m) => m.AlumnoMateriaPage),
  ),
  page(paths.studentTasks.pattern, 'Tareas de la materia', () =>
    import('../features/teaching/pages/student-tasks-page').then((m) => m.AlumnoTasksPage),
  ),
  {
    ...page(paths.studentDashboard, 'Tablero', () =>
      import('../features/enrolments/pages/student-dashboard-page').then((m) => m.AlumnoDashboardPage),
    ),
    loader: prefetchFor(() =>
      import('../features/enrolments/api/get-dashboard').then((m) => m.prefetchAlumnoDashboard),
    ),
  },
  page(paths.certificates.own, 'Mis certificados', () =>
    import('../features/certificates/pages/certificates-page').then((m) => m.CertificatesPage),
  ),
  page(paths.certificates.ofStudent.pattern, 'Certificados del alumno', () =>
    import('../features/certificates/pages/certificates-page').then((m) => m.CertificatesPage),
  ),
  page(paths.horario.own, 'Mi horario', () =>
    import('../features/schedule/pages/schedule-page').then((m) => m.SchedulePage),
  ),
  page(paths.horario.of.pattern, 'Horario', () =>
    import('../features/schedule/pages/schedule-page').then((m) => m.SchedulePage),
  ),
  page(paths.correos, 'Correos', () => import('../features/outbox/pages/outbox-page').then((m) => m.OutboxPage)),
  page(paths.alertasTempranas, 'Alertas tempranas', () =>
    import('../features/operations/pages/alertas-page').then((m) => m.AlertasPage),
  ),
  page(paths.configuracion, 'Configuración', () =>
    import('../features/configuration/pages/configuration-page').then((m) => m.ConfigurationPage),
  ),
  page(paths.studentExams.list, 'Mis exámenes', () =>
    import('../features/exams/pages/student-exams-page').then((m) => m.AlumnoExamenesPage),
  ),
  page(paths.studentExams.inscription, 'Lista de mis exámenes', () =>
    import('../features/exams/pages/student-exam-inscription-page').then((m) => m.AlumnoExamenInscripcionPage),
  ),
  page(paths.exams.list, 'Lista de exámenes', () =>
    import('../features/exams/pages/exams-page').then((m) => m.ExamenesPage),
  ),
  page(paths.exams.new, 'Nuevo examen', examenForm),
  page(paths.exams.edit.pattern, 'Editar examen', examenForm),
  page(paths.exams.showReport.pattern, 'Lista de inscriptos', actaPage),
  page(paths.exams.showRecuperatorioReport.pattern, 'Acta de recuperatorio', actaPage),
  page(paths.exams.showFinalReport.pattern, 'Acta de examen final', actaPage),
  page(paths.exams.showAllReport.pattern, 'Actas del examen', actaPage),
  page(paths.exams.showRectificacion.pattern, 'Acta rectificativa', () =>
    import('../features/exams/pages/rectification-acta-page').then((m) => m.RectificationActaPage),
  ),
  page(paths.exams.inscription.pattern, 'Inscripción y/o nota', examenInscripcionForm),
  page(paths.exams.inscriptionEdit.pattern, 'Inscripción y/o nota', examenInscripcionForm),

  // spec 03
  page(paths.subjectsPeriods.list, 'Lista de materias por periodo', () =>
    import('../features/subject-periods/pages/materias-periodo-page').then((m) => m.MateriasPeriodoPage),
  ),
  page(paths.subjectsPeriods.new, 'Nueva materia periodo', materiaPeriodoForm),
  page(paths.subjectsPeriods.edit.pattern, 'Editar materia periodo', materiaPeriodoForm),
  page(paths.subjectsPeriods.waitlist.pattern, 'Lista de espera', () =>
    import('../features/subject-periods/pages/waitlist-page').then((m) => m.ListaEsperaPage),
  ),
  page(paths.profesorSubjects.list, 'Materias asignadas', () =>
    import('../features/professors/pages/profesor-materias-page').then((m) => m.ProfesorMateriasPage),
  ),
  page(paths.profesorSubjects.detail.pattern, 'Plan semestral de clases', () =>
    import('../features/teaching/pages/plan-page').then((m) => m.PlanPage),
  ),
  page(paths.profesorDashboard, 'Tablero', () =>
    import('../features/professors/pages/profesor-dashboard-page').then((m) => m.ProfesorDashboardPage),
  ),
  page(paths.periodos.list, 'Lista de periodos', () =>
    import('../features/periods/pages/periodos-page').then((m) => m.PeriodosPage),
  ),
  page(paths.periodos.new, 'Nuevo periodo', periodoForm),
  page(paths.periodos.edit.pattern, 'Editar periodo', periodoForm),
  page(paths.periodos.materias.pattern, 'Materias del periodo', () =>
    import('../features/periods/pages/periodo-materias-page').then((m) => m.PeriodoMateriasPage),
  ),
  page(paths.periodos.subjectEdit.pattern, 'Editar materia del periodo', materiaPeriodoForm),
  page(paths.periodos.moveSection.pattern, 'Mover alumnos de sección', () =>
    import('../features/subject-periods/pages/move-section-page').then((m) => m.MoveSectionPage),
  ),
  { path: paths.periodoSubjects, loader: () => redirect(paths.periodos.list) },
  page(paths.mallas.list, 'Lista de mallas', () =>
    import('../features/mallas/pages/mallas-page').then((m) => m.MallasPage),
  ),
  page(paths.mallas.new, 'Nueva malla', mallaForm),
  page(paths.mallas.edit.pattern, 'Editar malla', mallaForm),
  page(paths.imports, 'Importar datos', () =>
    import('../features/imports/pages/imports-page').then((m) => m.ImportsPage),
  ),
  page(paths.auditLog, 'Auditoría de cambios', () =>
    import('../features/audit/pages/audit-log-page').then((m) => m.AuditLogPage),
  ),
  page(paths.reports.inscripcion, 'Reporte de inscripción', () =>
    import('../features/reports/pages/reporte-inscripcion-page').then((m) => m.ReporteInscripcionPage),
  ),
  page(paths.reports.alumnos, 'Reporte de alumnos', () =>
    import('../features/reports/pages/reporte-alumnos-page').then((m) => m.ReporteAlumnosPage),
  ),
  page(paths.reports.academicStatus, 'Estado académico alumno', () =>
    import('../features/reports/pages/academic-status-page').then((m) => m.AcademicStatusPage),
  ),
  page(paths.reports.academicStatusOf.pattern, 'Estado académico alumno', () =>
    import('../features/reports/pages/academic-status-page').then((m) => m.AcademicStatusOfPage),
  ),
  page(paths.reports.alumnosPorMaterias, 'Reporte de Asistencias y Pruebas Parciales', () =>
    import('../features/reports/pages/reporte-alumnos-por-materias-page').then((m) => m.ReporteAlumnosPorMateriasPage),
  ),

  page('*', 'Página no encontrada', () => import('../components/not-found').then((m) => m.NotFoundPage)),
];

/**
 * The route table. A function because React Router settles `lazy` by writing into the route objects: each
 * router (one in the app, one per test) gets its own.
 */
export const createRoutes = (): RouteObject[] => [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      page(paths.login, 'Iniciar sesión', loginPage),
      // Public, but it reads the API through the query cache, which only the signed-in shell provides.
      page(paths.verifyActa.pattern, 'Verificación de documento', () =>
        Promise.all([
          import('../features/verification/pages/verify-page'),
          import('../features/exams/pages/verify-acta-page'),
          import('../features/exams/components/verified-rectification'),
          import('./shell-providers'),
        ]).then(
          ([v, actas, rectifications, { ShellProviders }]) =>
            function VerifyRoute() {
              return (
                <ShellProviders>
                  <v.VerifyPage
                    views={{
                      acta: (found) => <actas.ActaVerified acta={found.acta} />,
                      rectificacion: (found) => <rectifications.VerifiedRectification r={found.rectificacion} />,
                    }}
                  />
                </ShellProviders>
              );
            },
        ),
      ),
      page(paths.logIn, 'Iniciar sesión', loginPage),
      {
        ...page(paths.firstLogIn, 'Establecer nueva contraseña', () =>
          import('../features/auth/pages/first-login-page').then((m) => m.FirstLoginPage),
        ),
        loader: requireStoredUser,
      },
      { path: paths.dashboardDefault, loader: dashboardDefault },
      {
        path: paths.pages,
        loader: ({ request }: LoaderFunctionArgs) => requireUser(new URL(request.url).pathname),
        lazy: { Component: () => import('./layout/app-layout').then((m) => m.AppLayout) },
        children: shellRoutes(),
      },
      page('*', 'Página no encontrada', () => import('../components/not-found').then((m) => m.NotFoundPage)),
    ],
  },
];

/** The app's router. Creating it ranks the routes and starts loading the first screen's chunks and data. */
export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
