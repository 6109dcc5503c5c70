import type { Rule } from './rule-kit.js';

/** The enrolment routes' rows of the matrix (studentsubjects, students/materias-tablero-alumno). */
export const ENROLMENT_ROUTES: Record<string, Rule> = {};
