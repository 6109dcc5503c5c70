import { ROLE_INFO, Role } from '@arandu/shared';
import { vi } from 'vitest';
import type { StoredUser } from '../lib/session';

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 200 whose body breaks off after its first bytes, as when the connection drops or the page is left. */
export function cutOff(firstBytes = '{"isAuthenticated":tr'): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(firstBytes));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export const PUBLIC_SETTINGS = { appName: 'Arandu', appVersion: '1.2.0', appEnv: 'Test', buildNumber: '42' };

export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The JSON bodies a fetch mock sent to `url`, in order. */
export function bodiesSentTo(fetchMock: ReturnType<typeof mockApi>, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => urlOf(input) === url)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/**
 * Replaces fetch with a table of 'METHOD /api/path' -> handler. Public settings and the session check answer
 * by default; an unknown call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const table: Record<string, Handler> = {
    'GET /api/public/settings': () => json(PUBLIC_SETTINGS),
    // The session cookie stands for itself here: a stored user is signed in.
    'GET /api/users/get_login_status': () => {
      const user = localStorage.getItem('arandu.user');
      if (!user) return json({ error: 'No autenticado' }, 401);
      const { publicSettings, ...rest } = JSON.parse(user) as StoredUser;
      return json({
        isAuthenticated: true,
        user: { ...rest, publicSettings: { ...PUBLIC_SETTINGS, ...publicSettings } },
      });
    },
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${urlOf(input)}`;
    const handler = table[key];
    if (!handler) throw new Error(`Unexpected call: ${key}`);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A stored user; its `roles` follow the role flags unless given. */
export function makeUser(overrides: Partial<StoredUser> = {}): StoredUser {
  const user: StoredUser = {
    id: 1,
    fullName: 'Ana Benítez',
    email: 'ana@fiuna.edu.py',
    isAuthenticated: true,
    esAlumno: false,
    esProfesor: false,
    esFuncionario: false,
    esAdmin: false,
    esAdminRoot: false,
    firstLogin: false,
    roles: [],
    publicSettings: { appName: 'Arandu', appVersion: '1.2.0' },
    ...overrides,
  };
  if (!overrides.roles) {
    const held: [boolean, Role][] = [
      [user.esAlumno, Role.Alumno],
      [user.esProfesor, Role.Profesor],
      [user.esFuncionario, Role.Funcionario],
      [user.esAdmin, Role.Admin],
    ];
    user.roles = held.filter(([flag]) => flag).map(([, role]) => ({ role, title: ROLE_INFO[role].title }));
  }
  return user;
}

/** Stores a user as a login would. */
export function storeUser(user: StoredUser): void {
  localStorage.setItem('arandu.user', JSON.stringify(user));
}
