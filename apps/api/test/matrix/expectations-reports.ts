import type { Rule } from './rule-kit.js';

/** The reports routes' rows of the matrix (reports, students/reporte_alumnos). */
export const REPORT_ROUTES: Record<string, Rule> = {};
