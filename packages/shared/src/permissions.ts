import { Role } from './enums.js';
import { MSG } from './messages.js';

/**
 * Permissions as data (DOMAIN.md section 2): `area:action[:scope]`. The server checks them on every route;
 * the web uses the same table only to decide what to show.
 */
export const PERMISSIONS = [
  'users:manage', // list, create, edit, reset password of users
  'users:grant-admin', // grant or remove Admin (editing an Admin also needs the root administrator: userChangeRefusal)
  'profile:own', // own ficha: read, edit non-core fields, photo
  'structure:manage', // students, careers, subjects, mallas, periods, subject-periods, move section
  'enrolment:any', // subject enrolment of any student while the window is open
  'enrolment:any-closed', // ... also when the window is closed
  'enrolment:create', // 'Nueva inscripción': enrol one student in one subject-period from the enrolments list
  'enrolment:overbook', // enrol over a subject-period's cap on purpose (sobrecupo, audited)
  'enrolment:own', // own subject enrolment
  'teaching:any', // homework, attendance, grades, planning, publish, seal of any subject-period
  'teaching:own', // ... of subject-periods the professor teaches
  'teaching:read-own-results', // a student's own results
  'exams:manage', // create, edit, delete, stamp, add/remove students
  'exam-scores:any',
  'exam-scores:own', // exams where the professor is the professor or teaches the subject-period
  'exams:own', // a student's own exams and exam enrolment
  'reports:any',
  'reports:own-subjects', // a professor's own subject-periods' lists
  'reports:own-status', // a student's own academic status
  'audit:read',
  'settings:manage',
  'actas:rectificar', // actas rectificativas of sealed exams (Admin; a Funcionario when the root administrator grants it)
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const STAFF: Permission[] = [
  'users:manage',
  'profile:own',
  'structure:manage',
  'enrolment:any',
  'teaching:any',
  'exams:manage',
  'exam-scores:any',
  'reports:any',
  'audit:read',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  [Role.Admin]: [
    ...STAFF,
    'users:grant-admin',
    'enrolment:any-closed',
    'enrolment:create',
    'enrolment:overbook',
    'settings:manage',
    'actas:rectificar',
  ],
  [Role.Funcionario]: STAFF,
  [Role.Profesor]: ['profile:own', 'teaching:own', 'exam-scores:own', 'reports:own-subjects'],
  [Role.Alumno]: ['profile:own', 'enrolment:own', 'teaching:read-own-results', 'exams:own', 'reports:own-status'],
};

export interface RoleHolder {
  roles: readonly Role[];
  /** Permissions granted to this account on top of its roles (only GRANTABLE ones). */
  permisosExtra?: readonly Permission[] | undefined;
}

/**
 * The permissions an account holds beyond its roles: the root administrator grants 'actas:rectificar' to a
 * Funcionario (issue 30); the flag means nothing on an account without that role.
 */
export function grantedPermissions(user: { roles: readonly Role[]; puedeRectificar?: boolean }): Permission[] {
  return user.puedeRectificar && user.roles.includes(Role.Funcionario) ? ['actas:rectificar'] : [];
}

export function can(user: RoleHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return (
    user.roles.some((r) => ROLE_PERMISSIONS[r]?.includes(permission)) || !!user.permisosExtra?.includes(permission)
  );
}

export function canAny(user: RoleHolder | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => can(user, p));
}

export function isStaff(user: RoleHolder | null | undefined): boolean {
  return !!user && (user.roles.includes(Role.Funcionario) || user.roles.includes(Role.Admin));
}

/** Who acts on a user through 'Usuarios del Sistema' (the root flag is a property of the account, not a role). */
export interface UserActor extends RoleHolder {
  id: number;
  esAdminRoot: boolean;
}

/**
 * Why `actor` may not edit `target`, reset its password or change its photo, or undefined when they may. An
 * Admin (the root account included) is changed by the root administrator only: any Admin could otherwise
 * take the root account over (its e-mail, then a reset to it) or lock it out with resets (security issue 28).
 * Everyone keeps their own account, within the rules below.
 */
export function userChangeRefusal(actor: UserActor, target: { id: number; esAdmin: boolean }): string | undefined {
  if (target.id === actor.id || !target.esAdmin || actor.esAdminRoot) return undefined;
  return MSG.adminEditOnlyByRoot;
}

/**
 * Whether the account's roles and e-mail are locked for `actor` editing user `targetId` in 'Usuarios del
 * Sistema': an Admin's own are (no self-promotion, no moving the account's reset address from that screen).
 */
export function ownIdentityLocked(actor: UserActor, targetId: number): boolean {
  return actor.id === targetId && actor.roles.includes(Role.Admin);
}

/**
 * Why `actor` may not change `target`'s e-mail or roles (where its resets go, what it may do), or undefined:
 * an Admin's own stay (`ownIdentityLocked`), and a staff member's (Funcionario or Admin) are an Admin's to
 * change, since a Funcionario who moved a colleague's e-mail would get that colleague's next temporary
 * password (issue 40). The users screen, the API and every import read it.
 */
export function identityLockedReason(
  actor: UserActor,
  target: { id: number; esFuncionario: boolean; esAdmin: boolean },
): string | undefined {
  if (ownIdentityLocked(actor, target.id)) return MSG.ownIdentityLocked;
  const staff = target.esFuncionario || target.esAdmin;
  if (staff && target.id !== actor.id && !actor.roles.includes(Role.Admin)) return MSG.staffIdentityOnlyByAdmin;
  return undefined;
}
