import { describe, expect, it } from 'vitest';
import { Role } from './enums.js';
import { can, isStaff } from './permissions.js';

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
