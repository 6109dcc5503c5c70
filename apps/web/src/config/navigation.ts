import { Role, type ViewAs } from '@arandu/shared';
import {
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconAlertTriangle,
  IconCalendar,
  IconCalendarStats,
  IconCalendarOff,
  IconCalendarWeek,
  IconCertificate,
  IconFileCertificate,
  IconSettings,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconFileImport,
  IconFileSpreadsheet,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconNotebook,
  IconPresentation,
  IconReport,
  IconReportAnalytics,
  IconSchool,
  IconSitemap,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { StoredUser } from '../lib/session';
import { paths } from './paths';

export interface NavItem {
  label: string;
  to: string;
  icon: TablerIcon;
  /** One line for the shortcut cards of the staff landing page. */
  description: string;
  /** Shown to administrators only ('Configuración', issue 30); the API refuses everyone else anyway. */
  adminOnly?: true;
}

export type NavGroupId = 'administracion' | 'alumnos' | 'profesores' | 'alumno' | 'profesor' | 'reporte';

export interface NavGroup {
  id: NavGroupId;
  label: string;
  items: NavItem[];
}

/** The sidebar groups of spec 01 section 2, texts as the spec writes them. */
export const NAV_GROUPS: Record<NavGroupId, NavGroup> = {
  administracion: {
    id: 'administracion',
    label: 'Administración',
    items: [
      {
        label: 'Usuarios',
        to: paths.users.list,
        icon: IconUsers,
        description: 'Usuarios del sistema, roles y contraseñas',
      },
      { label: 'Carreras', to: paths.carreras, icon: IconSchool, description: 'Carreras de la facultad' },
      {
        label: 'Aulas',
        to: paths.aulas,
        icon: IconBuildingCommunity,
        description: 'Aulas, laboratorios y auditorios; aulas libres',
      },
      {
        label: 'Calendario académico',
        to: paths.calendarioAcademico,
        icon: IconCalendarOff,
        description: 'Feriados y días sin clases de cada periodo',
      },
      { label: 'Materias', to: paths.materias, icon: IconBook, description: 'Materias de las mallas' },
      {
        label: 'Materias por periodo',
        to: paths.subjectsPeriods.list,
        icon: IconCalendarStats,
        description: 'Oferta de materias, secciones y horarios',
      },
      {
        label: 'Periodos',
        to: paths.periodos.list,
        icon: IconCalendar,
        description: 'Periodos lectivos e inscripciones',
      },
      { label: 'Mallas', to: paths.mallas.list, icon: IconSitemap, description: 'Mallas curriculares de cada carrera' },
      {
        label: 'Importar',
        to: paths.imports,
        icon: IconFileImport,
        description: 'Alumnos, profesores y mallas desde planillas',
      },
      { label: 'Auditoría', to: paths.auditLog, icon: IconHistory, description: 'Auditoría de cambios' },
      {
        label: 'Configuración',
        to: paths.configuracion,
        icon: IconSettings,
        description: 'Cifras académicas y membrete de actas y certificados',
        adminOnly: true,
      },
      {
        label: 'Correos',
        to: paths.correos,
        icon: IconMail,
        description: 'Bandeja de salida: bienvenidas y contraseñas temporales',
        adminOnly: true,
      },
      {
        label: 'Alertas tempranas',
        to: paths.alertasTempranas,
        icon: IconAlertTriangle,
        description: 'Revisión diaria de alumnos en riesgo: la última ejecución y Ejecutar ahora',
        adminOnly: true,
      },
    ],
  },
  alumnos: {
    id: 'alumnos',
    label: 'Alumnos',
    items: [
      {
        label: 'Inscripcion',
        to: paths.students.list,
        icon: IconClipboardList,
        description: 'Fichas y legajos de alumnos',
      },
      {
        label: 'Inscripcion a materias',
        to: paths.studentSubjects.list,
        icon: IconListCheck,
        description: 'Inscripciones de alumnos a materias',
      },
      {
        label: 'Reporte de inscripción',
        to: paths.reports.inscripcion,
        icon: IconFileSpreadsheet,
        description: 'Alumnos inscriptos por periodo',
      },
      {
        label: 'Reporte de alumnos',
        to: paths.reports.alumnos,
        icon: IconReportAnalytics,
        description: 'Reporte general de alumnos',
      },
      {
        label: 'Reporte de Asistencia y PP',
        to: paths.reports.alumnosPorMaterias,
        icon: IconChartBar,
        description: 'Asistencia y pruebas parciales por materia',
      },
      { label: 'Examenes', to: paths.exams.list, icon: IconCertificate, description: 'Mesas de examen, actas y notas' },
    ],
  },
  profesores: {
    id: 'profesores',
    label: 'Profesores',
    items: [
      {
        label: 'Asistencia',
        to: `${paths.profesorSubjects.list}?tab=asistencias`,
        icon: IconChecklist,
        description: 'Asistencia de las clases',
      },
      {
        label: 'Contenido Programa',
        to: `${paths.profesorSubjects.list}?tab=planeamiento`,
        icon: IconPresentation,
        description: 'Planeamiento y contenido de las materias',
      },
    ],
  },
  alumno: {
    id: 'alumno',
    label: 'Alumno',
    items: [
      { label: 'Tablero', to: paths.studentDashboard, icon: IconLayoutDashboard, description: 'Materias favoritas' },
      { label: 'Mis materias', to: paths.studentSubjects.list, icon: IconBooks, description: 'Materias inscriptas' },
      {
        label: 'Mi horario',
        to: paths.horario.own,
        icon: IconCalendarWeek,
        description: 'Clases y exámenes de la semana, y el calendario del teléfono',
      },
      {
        label: 'Mis exámenes',
        to: paths.studentExams.list,
        icon: IconNotebook,
        description: 'Historial e inscripción a exámenes',
      },
      {
        label: 'Mis certificados',
        to: paths.certificates.own,
        icon: IconFileCertificate,
        description: 'Constancia de alumno regular y certificado de estudios',
      },
    ],
  },
  profesor: {
    id: 'profesor',
    label: 'Profesor',
    items: [
      { label: 'Tablero', to: paths.profesorDashboard, icon: IconLayoutDashboard, description: 'Materias favoritas' },
      { label: 'Mis materias', to: paths.profesorSubjects.list, icon: IconBooks, description: 'Materias asignadas' },
      {
        label: 'Mi horario',
        to: paths.horario.own,
        icon: IconCalendarWeek,
        description: 'Clases y exámenes de la semana, y el calendario del teléfono',
      },
      { label: 'Mis exámenes', to: paths.exams.list, icon: IconNotebook, description: 'Exámenes y notas' },
    ],
  },
  reporte: {
    id: 'reporte',
    label: 'Reporte',
    items: [
      {
        label: 'Estado académico',
        to: paths.reports.academicStatus,
        icon: IconReport,
        description: 'Estado académico del alumno',
      },
    ],
  },
};

function onlyRole(user: StoredUser, flag: 'esAlumno' | 'esProfesor'): boolean {
  const held = [user.esAlumno, user.esProfesor, user.esFuncionario, user.esAdmin].filter(Boolean).length;
  return user[flag] && held === 1;
}

/** Which groups the sidebar shows (spec 01 section 4, menu visibility). */
export function visibleNavGroups(user: StoredUser | null, view: ViewAs): NavGroup[] {
  if (!user) return [];
  const staffView = view === Role.Funcionario || view === Role.Admin;
  const alumnoView = (user.esAlumno && view === Role.Alumno) || onlyRole(user, 'esAlumno');
  const profesorView = (user.esProfesor && view === Role.Profesor) || onlyRole(user, 'esProfesor');

  const groups: NavGroup[] = [];
  if (staffView) groups.push(NAV_GROUPS.administracion, NAV_GROUPS.alumnos, NAV_GROUPS.profesores);
  if (alumnoView) groups.push(NAV_GROUPS.alumno);
  if (profesorView) groups.push(NAV_GROUPS.profesor);
  if (alumnoView || staffView) groups.push(NAV_GROUPS.reporte);
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => !i.adminOnly || user.esAdmin) }));
}
