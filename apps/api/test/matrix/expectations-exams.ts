import type { Rule } from './rule-kit.js';

/** The exams routes' rows of the matrix (exams, inscripcionexamen, studentsubjects/mis_derechos_a_examenes). */
export const EXAM_ROUTES: Record<string, Rule> = {};
