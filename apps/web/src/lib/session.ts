import {
  can,
  Role,
  type Permission,
  type PublicSettings,
  type SessionUser,
  type UserActor,
  type ViewAs,
} from '@arandu/shared';
import { useSyncExternalStore } from 'react';
import { paths } from '../config/paths';
import { PREFERENCE_KEYS } from './preferences';

/**
 * The current-session user as spec 01 section 3 keeps it in localStorage: the login reply, with
 * `publicSettings` reduced to the application's name and version, and without the token the spec keeps
 * there. The session itself is an HttpOnly cookie no script can read (docs/decisions/027-session-cookie.md):
 * what is stored here only says whom to show.
 */
export type StoredUser = Omit<SessionUser, 'publicSettings'> & {
  publicSettings: Pick<PublicSettings, 'appName' | 'appVersion'>;
};

const USER_KEY = 'arandu.user';
const VIEW_KEY = 'arandu.viewAs';
const KEPT_ON_LOGOUT: readonly string[] = Object.values(PREFERENCE_KEYS);

interface Snapshot {
  user: StoredUser | null;
  storedView: ViewAs | null;
}

let cache: { rawUser: string | null; rawView: string | null; snapshot: Snapshot } | null = null;
const listeners = new Set<() => void>();

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredUser | null;
    return value && typeof value.id === 'number' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A stored user with a token is an earlier version's bearer session: it goes, so no script finds the token
 * (and its session has no cookie: the user signs in again).
 */
function forgetStoredToken(raw: string | null): string | null {
  if (raw === null || !raw.includes('"token"')) return raw;
  try {
    if (!Object.hasOwn(JSON.parse(raw) as object, 'token')) return raw;
  } catch {
    return raw;
  }
  localStorage.removeItem(USER_KEY);
  return null;
}

function parseView(raw: string | null): ViewAs | null {
  const value = Number(raw);
  return raw !== null && [0, 1, 2, 3].includes(value) ? (value as ViewAs) : null;
}

function readSnapshot(): Snapshot {
  const rawUser = forgetStoredToken(localStorage.getItem(USER_KEY));
  const rawView = localStorage.getItem(VIEW_KEY);
  if (!cache || cache.rawUser !== rawUser || cache.rawView !== rawView) {
    cache = { rawUser, rawView, snapshot: { user: parseUser(rawUser), storedView: parseView(rawView) } };
  }
  return cache.snapshot;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // Another tab logged in or out.
  if (event.key === null || event.key === USER_KEY || event.key === VIEW_KEY) emit();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function isAuthenticated(user: StoredUser | null): user is StoredUser {
  return !!user && user.isAuthenticated;
}

/** The stored user, or null. */
export function getSession(): StoredUser | null {
  return readSnapshot().user;
}

/** Stores what a login, set-new-password or session-check reply says of the user (never a token). */
export function saveSession(reply: SessionUser): StoredUser {
  const user: StoredUser = {
    id: reply.id,
    fullName: reply.fullName,
    email: reply.email,
    isAuthenticated: reply.isAuthenticated,
    esAlumno: reply.esAlumno,
    esProfesor: reply.esProfesor,
    esFuncionario: reply.esFuncionario,
    esAdmin: reply.esAdmin,
    esAdminRoot: reply.esAdminRoot,
    puedeRectificar: reply.puedeRectificar === true,
    firstLogin: reply.firstLogin,
    mfaSetupRequired: reply.mfaSetupRequired === true,
    roles: reply.roles.map(({ role, title }) => ({ role, title })),
    publicSettings: { appName: reply.publicSettings.appName, appVersion: reply.publicSettings.appVersion },
  };
  const raw = JSON.stringify(user);
  if (raw !== localStorage.getItem(USER_KEY)) {
    localStorage.setItem(USER_KEY, raw);
    emit();
  }
  return user;
}

/**
 * The logout reset (spec 01 section 4): the stored user and the view-as value go, and with them every
 * other stored value except the theme, sidebar and direction preferences.
 */
export function clearSession(): void {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) {
    if (key !== null && !KEPT_ON_LOGOUT.includes(key)) localStorage.removeItem(key);
  }
  emit();
}

/** The view the user starts in: 0 a student, 1 a professor, 2 staff, 3 a user who is only an Admin. */
export function initialViewAs(user: StoredUser | null): ViewAs {
  if (!user || user.esAlumno) return Role.Alumno;
  if (user.esProfesor) return Role.Profesor;
  if (user.esFuncionario) return Role.Funcionario;
  if (user.esAdmin) return Role.Admin;
  return Role.Alumno;
}

function viewOf(snapshot: Snapshot): ViewAs {
  return isAuthenticated(snapshot.user) && snapshot.storedView !== null
    ? snapshot.storedView
    : initialViewAs(snapshot.user);
}

/** The view-as value: the stored one while authenticated, otherwise the initial view of the user. */
export function getViewAs(): ViewAs {
  return viewOf(readSnapshot());
}

/** Keeps a view-as choice; only while the stored user is authenticated. */
export function setViewAs(view: ViewAs): void {
  if (!isAuthenticated(getSession())) return;
  localStorage.setItem(VIEW_KEY, String(view));
  emit();
}

export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, readSnapshot).user;
}

export function useViewAs(): ViewAs {
  return viewOf(useSyncExternalStore(subscribe, readSnapshot));
}

export function holdsRole(user: StoredUser | null, role: Role): boolean {
  if (!user) return false;
  switch (role) {
    case Role.Alumno:
      return user.esAlumno;
    case Role.Profesor:
      return user.esProfesor;
    case Role.Funcionario:
      return user.esFuncionario;
    case Role.Admin:
      return user.esAdmin;
  }
}

/**
 * Whether the stored user holds a permission: the shared table (`can()`) decides, the same one the server
 * checks, instead of each screen reading role flags by hand. Only for what to show: the server decides.
 */
export function userCan(user: StoredUser | null, permission: Permission): boolean {
  const permisosExtra: Permission[] = user?.puedeRectificar ? ['actas:rectificar'] : [];
  return can(user && { roles: user.roles.map((r) => r.role as Role), permisosExtra }, permission);
}

/** The stored user as the shared rules of who changes which user see them (`userChangeRefusal`); display only. */
export function userActor(user: StoredUser | null): UserActor | null {
  return user && { id: user.id, esAdminRoot: user.esAdminRoot, roles: user.roles.map((r) => r.role as Role) };
}

function isStaffUser(user: StoredUser | null): boolean {
  return userCan(user, 'users:manage');
}

/** The dashboard of a view: 0 the student's, 1 the professor's, 2 and 3 the staff landing page. */
export function dashboardPath(view: ViewAs): string {
  if (view === Role.Alumno) return paths.studentDashboard;
  if (view === Role.Profesor) return paths.profesorDashboard;
  return paths.one;
}

/** Where a 'Ver como:' change leads (spec 01 section 4). */
export function pathForViewChange(user: StoredUser | null, view: ViewAs): string {
  if (!isAuthenticated(user)) return paths.login;
  return holdsRole(user, view) ? dashboardPath(view) : paths.pages;
}

export interface Landing {
  path: string;
  view: ViewAs;
}

/** Where a login leads and in which view (spec 01 section 4). */
export function landingAfterLogin(user: StoredUser): Landing {
  const view = initialViewAs(user);
  if (user.firstLogin) return { path: paths.firstLogIn, view };
  if (user.mfaSetupRequired) return { path: paths.account.security, view };
  return { path: holdsRole(user, view) ? dashboardPath(view) : paths.one, view };
}

/** After a new password: staff go to the user list, everyone else where a login would take them. */
export function landingAfterNewPassword(user: StoredUser): Landing {
  if (isStaffUser(user) && !user.mfaSetupRequired) {
    return { path: paths.users.list, view: user.esFuncionario ? Role.Funcionario : Role.Admin };
  }
  return landingAfterLogin({ ...user, firstLogin: false });
}
