import { Role } from '@arandu/shared';
import { describe, expect, it } from 'vitest';
import { makeUser, PUBLIC_SETTINGS, storeUser } from '../test/api-mock';
import {
  clearSession,
  getSession,
  getViewAs,
  initialViewAs,
  landingAfterLogin,
  landingAfterNewPassword,
  pathForViewChange,
  saveSession,
  setViewAs,
} from './session';

describe('initial view (spec 01 section 4)', () => {
  it('is 0 for a student, 1 for a professor, 2 for staff, 3 for a user who is only an Admin', () => {
    expect(initialViewAs(makeUser({ esAlumno: true, esProfesor: true }))).toBe(Role.Alumno);
    expect(initialViewAs(makeUser({ esProfesor: true, esAdmin: true }))).toBe(Role.Profesor);
    expect(initialViewAs(makeUser({ esFuncionario: true, esAdmin: true }))).toBe(Role.Funcionario);
    expect(initialViewAs(makeUser({ esAdmin: true }))).toBe(Role.Admin);
  });

  it('is the stored view while the user is authenticated', () => {
    storeUser(makeUser({ esAlumno: true, esAdmin: true }));
    expect(getViewAs()).toBe(Role.Alumno);
    setViewAs(Role.Admin);
    expect(getViewAs()).toBe(Role.Admin);
  });

  it('keeps no view-as choice for a user who is not authenticated', () => {
    storeUser(makeUser({ esProfesor: true, isAuthenticated: false }));
    setViewAs(Role.Admin);
    expect(localStorage.getItem('arandu.viewAs')).toBeNull();
    expect(getViewAs()).toBe(Role.Profesor);
  });
});

describe('landing after login', () => {
  it('sends a student to the student dashboard with view 0', () => {
    expect(landingAfterLogin(makeUser({ esAlumno: true, esProfesor: true }))).toEqual({
      path: '/pages/student-dashboard',
      view: Role.Alumno,
    });
  });

  it('sends a professor to the professor dashboard with view 1', () => {
    expect(landingAfterLogin(makeUser({ esProfesor: true }))).toEqual({ path: '/pages/profesor-dashboard', view: 1 });
  });

  it('sends staff to /pages/one, an admin-only user in view 3', () => {
    expect(landingAfterLogin(makeUser({ esFuncionario: true }))).toEqual({ path: '/pages/one', view: 2 });
    expect(landingAfterLogin(makeUser({ esAdmin: true }))).toEqual({ path: '/pages/one', view: 3 });
  });

  it('sends a first login to /first_log_in', () => {
    expect(landingAfterLogin(makeUser({ esAlumno: true, firstLogin: true })).path).toBe('/first_log_in');
  });

  it('sends staff who must turn on the second factor to Seguridad, after the password and the new password', () => {
    const staff = makeUser({ esFuncionario: true, mfaSetupRequired: true });
    expect(landingAfterLogin(staff).path).toBe('/pages/account/security');
    expect(landingAfterLogin({ ...staff, firstLogin: true }).path).toBe('/first_log_in');
    expect(landingAfterNewPassword(staff).path).toBe('/pages/account/security');
  });

  it('sends staff to the user list after a new password, others where a login would', () => {
    expect(landingAfterNewPassword(makeUser({ esAlumno: true, esAdmin: true }))).toEqual({
      path: '/pages/users',
      view: Role.Admin,
    });
    expect(landingAfterNewPassword(makeUser({ esProfesor: true, firstLogin: true })).path).toBe(
      '/pages/profesor-dashboard',
    );
  });
});

describe('view-as change', () => {
  it('goes to the dashboard of a role the user holds, otherwise /pages, and to / when not logged in', () => {
    const user = makeUser({ esAlumno: true, esFuncionario: true });
    expect(pathForViewChange(user, Role.Alumno)).toBe('/pages/student-dashboard');
    expect(pathForViewChange(user, Role.Funcionario)).toBe('/pages/one');
    expect(pathForViewChange(user, Role.Profesor)).toBe('/pages');
    expect(pathForViewChange(null, Role.Alumno)).toBe('/');
  });
});

describe('logout reset', () => {
  it('removes the user, the view and everything else but the theme, sidebar and direction preferences', () => {
    storeUser(makeUser({ esAdmin: true, esAlumno: true }));
    setViewAs(Role.Admin);
    localStorage.setItem('arandu.colorScheme', 'dark');
    localStorage.setItem('arandu.sidebarCollapsed', 'true');
    localStorage.setItem('arandu.direction', 'rtl');
    localStorage.setItem('examFilters', '{"estado":0}');

    clearSession();

    expect(getSession()).toBeNull();
    expect(getViewAs()).toBe(Role.Alumno);
    expect(Object.fromEntries(Object.entries(localStorage))).toEqual({
      'arandu.colorScheme': 'dark',
      'arandu.sidebarCollapsed': 'true',
      'arandu.direction': 'rtl',
    });
  });
});

describe('the stored user holds no session token (issue 41: the session is an HttpOnly cookie)', () => {
  it('keeps what the screens show of a login reply, never a token the reply might carry', () => {
    const reply = { ...makeUser({ esAlumno: true }), publicSettings: PUBLIC_SETTINGS, token: 'token-de-un-script' };
    saveSession(reply);
    expect(localStorage.getItem('arandu.user')).not.toContain('token-de-un-script');
    expect(getSession()).toMatchObject({ id: 1, esAlumno: true });
  });

  it("forgets an earlier version's stored bearer token: the user signs in again", () => {
    localStorage.setItem('arandu.user', JSON.stringify({ ...makeUser(), token: 'token-viejo' }));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('arandu.user')).toBeNull();
  });
});
