import { describe, expect, it } from 'vitest';
import { Role } from './enums.js';
import { MSG } from './messages.js';
import { can, isStaff, ownIdentityLocked, userChangeRefusal } from './permissions.js';

describe('permission table', () => {
  it('denies everything to nobody', () => {
    expect(can(null, 'profile:own')).toBe(false);
    expect(can({ roles: [] }, 'profile:own')).toBe(false);
  });
  it('lets only an Admin grant Admin or enrol with the window closed', () => {
    expect(can({ roles: [Role.Admin] }, 'users:grant-admin')).toBe(true);
    expect(can({ roles: [Role.Funcionario] }, 'users:grant-admin')).toBe(false);
    expect(can({ roles: [Role.Funcionario] }, 'enrolment:any-closed')).toBe(false);
    expect(can({ roles: [Role.Admin] }, 'enrolment:any-closed')).toBe(true);
  });
  it("keeps 'Nueva inscripción' and enrolling over the cap an Admin's, as the role checks they replace did", () => {
    for (const permission of ['enrolment:create', 'enrolment:overbook'] as const) {
      expect(can({ roles: [Role.Admin] }, permission)).toBe(true);
      for (const role of [Role.Funcionario, Role.Profesor, Role.Alumno])
        expect(can({ roles: [role] }, permission)).toBe(false);
    }
  });
  it('keeps students and professors out of staff areas', () => {
    for (const role of [Role.Alumno, Role.Profesor]) {
      expect(can({ roles: [role] }, 'users:manage')).toBe(false);
      expect(can({ roles: [role] }, 'audit:read')).toBe(false);
      expect(can({ roles: [role] }, 'structure:manage')).toBe(false);
      expect(isStaff({ roles: [role] })).toBe(false);
    }
  });
  it('unions the permissions of several roles', () => {
    const multi = { roles: [Role.Alumno, Role.Profesor, Role.Funcionario] };
    expect(can(multi, 'enrolment:own')).toBe(true);
    expect(can(multi, 'teaching:own')).toBe(true);
    expect(can(multi, 'audit:read')).toBe(true);
    expect(can(multi, 'users:grant-admin')).toBe(false);
  });
});

describe('who changes which user (security issue 28)', () => {
  const root = { id: 1, roles: [Role.Admin], esAdminRoot: true };
  const admin = { id: 2, roles: [Role.Admin], esAdminRoot: false };
  const funcionario = { id: 3, roles: [Role.Funcionario], esAdminRoot: false };
  const rootAccount = { id: 1, esAdmin: true };
  const otherAdmin = { id: 4, esAdmin: true };
  const alumno = { id: 5, esAdmin: false };

  it('lets only the root administrator change another Admin or the root account', () => {
    expect(userChangeRefusal(admin, rootAccount)).toBe(MSG.adminEditOnlyByRoot);
    expect(userChangeRefusal(admin, otherAdmin)).toBe(MSG.adminEditOnlyByRoot);
    expect(userChangeRefusal(funcionario, otherAdmin)).toBe(MSG.adminEditOnlyByRoot);
    expect(userChangeRefusal(root, otherAdmin)).toBeUndefined();
  });
  it('lets staff change users who are not Admin, and everyone their own account', () => {
    expect(userChangeRefusal(admin, alumno)).toBeUndefined();
    expect(userChangeRefusal(funcionario, alumno)).toBeUndefined();
    expect(userChangeRefusal(admin, { id: admin.id, esAdmin: true })).toBeUndefined();
  });
  it("locks an Admin's own roles and e-mail, root included, and nobody else's", () => {
    expect(ownIdentityLocked(admin, admin.id)).toBe(true);
    expect(ownIdentityLocked(root, root.id)).toBe(true);
    expect(ownIdentityLocked(admin, alumno.id)).toBe(false);
    expect(ownIdentityLocked(funcionario, funcionario.id)).toBe(false);
  });
});
