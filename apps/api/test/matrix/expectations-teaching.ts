import type { Rule } from './rule-kit.js';

/** The teaching routes' rows of the matrix (homework, assistances, MateriasPeriodo/my, exams/:id/homework/my). */
export const TEACHING_ROUTES: Record<string, Rule> = {};
