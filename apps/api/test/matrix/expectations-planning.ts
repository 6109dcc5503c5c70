import { TEACHING, teachingOwn, type Rule } from './rule-kit.js';

/**
 * The planning routes' rows of the matrix (spec 03 section 7; DOMAIN.md section 2: staff on any subject-period,
 * a professor on those they teach; students have no planning screen). The saves carry the subject-period in
 * the body, so the matrix's empty body only checks the door there; planning.test.ts covers another's 404.
 */
const pages = Object.fromEntries(
  Array.from({ length: 9 }, (_, i) => i + 1).flatMap((n) => [
    [`GET /api/planning/:id/page-${n}`, teachingOwn()],
    [`POST /api/planning/page${n}`, { allow: TEACHING }],
  ]),
) as Record<string, Rule>;

export const PLANNING_ROUTES: Record<string, Rule> = {
  'GET /api/planning/form-data': { allow: TEACHING },
  'GET /api/planning/list-old-plannings/:materiaMallaId': { allow: TEACHING, params: { materiaMallaId: 'missing' } },
  'GET /api/planning/download/:id': teachingOwn(),
  ...pages,
};
