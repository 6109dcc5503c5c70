import { authEndpoints, MSG } from '@arandu/shared';
import { describe, expect, it, vi } from 'vitest';
import { cutOff, fail, json, makeUser, mockApi, on, storeUser, stubFetch } from '../test/api-mock';
import { ApiError, request, setUnauthorizedHandler } from './api-client';
import { getSession } from './session';

describe('api client (spec 01 section 7)', () => {
  it('sends the session cookie (no bearer token), the CSRF header on a change, JSON, and parses the reply', async () => {
    storeUser(makeUser());
    document.cookie = 'arandu_csrf=csrf-de-la-sesion; path=/';
    const fetchMock = stubFetch(
      { method: 'POST', url: '/api/things', reply: (body) => json({ echoed: body }) },
      { method: 'GET', url: '/api/things', reply: () => json({ items: [] }) },
    );

    await expect(request('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ echoed: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.credentials).toBe('same-origin');
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-CSRF-Token')).toBe('csrf-de-la-sesion');
    expect(headers.get('Content-Type')).toBe('application/json');

    await request('/things');
    const read = fetchMock.mock.calls[1]?.[1];
    expect(read?.credentials).toBe('same-origin');
    expect(new Headers(read?.headers).get('X-CSRF-Token')).toBeNull();
    document.cookie = 'arandu_csrf=; path=/; max-age=0';
  });

  it('gives nothing for a 204', async () => {
    stubFetch({ method: 'DELETE', url: '/api/things/1', reply: () => new Response(null, { status: 204 }) });
    await expect(request('/things/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('treats a reply carrying error as a failure', async () => {
    stubFetch({ method: 'GET', url: '/api/things', reply: () => json({ error: 'No se pudo' }) });
    await expect(request('/things')).rejects.toMatchObject({ status: 200, message: 'No se pudo' });
  });

  it('throws the parsed body and the status for a 400', async () => {
    stubFetch({
      method: 'POST',
      url: '/api/things',
      reply: () => json({ error: 'Datos inválidos', errors: { nombre: 'Debe ingresar el nombre' } }, 400),
    });
    const error = await request('/things', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { error: 'Datos inválidos' } });
    expect((error as ApiError).fieldErrors).toEqual({ nombre: 'Debe ingresar el nombre' });
  });

  it('on 401 clears the stored user and hands over to the app (toast and /)', async () => {
    storeUser(makeUser());
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({ method: 'GET', url: '/api/things', reply: () => json({ error: 'Sesión expirada' }, 401) });

    await expect(request('/things')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('Sesión expirada');
  });

  it('on 401 without a stored user hands over with no message: there was no session to call expired', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({ method: 'GET', url: '/api/things', reply: () => json({ error: 'Sesión expirada' }, 401) });

    await expect(request('/things')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith(null);
  });

  it('leaves the session alone on a 401 the caller expects (the login itself)', async () => {
    storeUser(makeUser());
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi(on(authEndpoints.login, fail(401, { error: MSG.loginFailed })));

    await expect(
      request('/users/login', { method: 'POST', body: {}, redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({
      status: 401,
      message: MSG.loginFailed,
    });
    expect(getSession()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('throws other non-OK statuses with their status and a generic message', async () => {
    stubFetch({
      method: 'GET',
      url: '/api/things',
      reply: () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(request('/things')).rejects.toMatchObject({ status: 502, message: MSG.errorGeneric });
  });

  it('answers a reply cut off on its way as a call that did not reach its end (status 0), session kept', async () => {
    storeUser(makeUser());
    stubFetch({ method: 'GET', url: '/api/things', reply: () => cutOff() });
    await expect(request('/things')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
    expect(getSession()).not.toBeNull();
  });
});
