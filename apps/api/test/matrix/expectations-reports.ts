import { staff, TEACHING, type Rule } from './rule-kit.js';

/**
 * Academic status (DOMAIN.md section 2, decision 013): staff on any student's record, a student on their own
 * only (404 on another's, so ids cannot be probed); professors are not given academic status (403).
 */
const academicStatus: Rule = {
  allow: ['admin', 'funcionario', 'alumno'],
  ownOnly: ['alumno'],
  params: { id: 'perfil' },
};
/**
 * The attendance and PP report (and the filters' form data): staff on any subject-period, a professor on those
 * they teach. The subject-period travels in the body (filters.materiaId), so the matrix's empty body answers
 * 400 for everyone past the door; the professor's 404 on another's subject-period is covered by reports' tests.
 */
const materiaLists: Rule = { allow: TEACHING };

/** The reports routes' rows of the matrix (reports, students/reporte_alumnos). */
export const REPORT_ROUTES: Record<string, Rule> = {
  // enrolled students: staff only
  'POST /api/reports/reporte_inscriptos': staff(),
  'POST /api/reports/reporte_inscriptos_download': staff(),
  'POST /api/reports/reporte_inscriptos_grafico': staff(),
  // attendance and PP per subject-period: staff, and professors for their own subject-periods
  'POST /api/reports/reporte_alumnos_por_materia': materiaLists,
  'POST /api/reports/reporte_alumnos_por_materia_download': materiaLists,
  'POST /api/reports/reporte_alumnos_por_materia_grafico': materiaLists,
  'GET /api/reports/form_data': materiaLists,
  // general student report: staff only
  'POST /api/reports/reporte_alumnos': staff(),
  'POST /api/reports/reporte_alumnos_download': staff(),
  'POST /api/reports/reporte_alumnos_grafico': staff(),
  // academic status
  'GET /api/reports/reporte-academic-status-student/:id': academicStatus,
  'GET /api/reports/download-reporte-academic-status-student/:id': academicStatus,
  'GET /api/reports/academic-status-own': { allow: ['alumno'] },
  // the student picker of the academic-status screen: staff only
  'GET /api/students/reporte_alumnos': staff(),
};
