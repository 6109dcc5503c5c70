import { can } from '@arandu/shared';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';

/*
 * The enrolment rules that are an Admin's today, read from the permission table (they were role checks in
 * enrolments.service and seats): 'Nueva inscripción' ('enrolment:create') and enrolling over a cap
 * ('enrolment:overbook'). Which student's enrolments a user acts on is `requirePerfilAlumno`'s.
 */

/** 'Nueva inscripción' from the enrolments list: refused (403) without 'enrolment:create'. */
export function requireEnrolmentCreation(user: AuthUser): void {
  if (!can(user, 'enrolment:create')) throw AppError.forbidden();
}

/** Whether the user may enrol a student over a subject-period's cap on purpose (sobrecupo). */
export const mayOverbook = (user: AuthUser): boolean => can(user, 'enrolment:overbook');
