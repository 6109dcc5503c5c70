import { authEndpoints, enrolmentEndpoints, outboxEndpoints, userEndpoints } from '@arandu/shared';
import { describe, expect, it } from 'vitest';
import { call } from '../lib/call';
import { bodiesSentTo, callsTo, fail, mockApi, on, takeUnexpectedCalls } from './api-mock';

/** What fetch answers `method url` (the status and the JSON body), or the error it throws. */
async function fetchJson(url: string, init: RequestInit = {}) {
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (error) {
    return { thrown: (error as Error).message };
  }
}

const page = { items: [], totalItemsCount: 0 };

describe('the contract-typed API mock (test/api-mock.ts)', () => {
  it("answers an endpoint's call at the contract's method and path, with the reply and the contract's status", async () => {
    mockApi(
      on(userEndpoints.list, page),
      on(enrolmentEndpoints.remove, { params: { id: 40 } }, () => undefined),
    );
    await expect(call(userEndpoints.list, { body: { page: 1, pageSize: 25, filters: {} } })).resolves.toEqual(page);
    expect(await fetchJson('/api/studentsubjects/40', { method: 'DELETE' })).toEqual({ status: 204, body: null });
    // The same path with another method is another endpoint, which no mock answers here.
    expect(await fetchJson('/api/users/all')).toEqual({
      thrown: 'Unexpected call: GET /api/users/all (userEndpoints.listByQuery) has no mock',
    });
    expect(takeUnexpectedCalls()).toEqual([]);
  });

  it('answers only the params and the query it names', async () => {
    mockApi(
      on(userEndpoints.get, { params: { id: 9 } }, fail(404, { error: 'No existe' })),
      on(outboxEndpoints.list, { query: { page: 1, pageSize: 25 } }, { items: [], totalItemsCount: 0 }),
    );
    expect(await fetchJson('/api/users/9')).toEqual({ status: 404, body: { error: 'No existe' } });
    expect(await fetchJson('/api/users/10')).toMatchObject({ thrown: expect.stringContaining('has no mock') });
    // The query in another order is the same call; one more key, or none, is another.
    expect(await fetchJson('/api/outbox?pageSize=25&page=1')).toMatchObject({ status: 200 });
    expect(await fetchJson('/api/outbox?page=1&pageSize=25&estado=retenido')).toMatchObject({
      thrown: expect.stringContaining('has no mock'),
    });
    expect(await fetchJson('/api/outbox')).toMatchObject({ thrown: expect.stringContaining('has no mock') });
    expect(takeUnexpectedCalls()).toEqual([]);
  });

  it('fails the test for a call the contract has no endpoint for', async () => {
    mockApi();
    expect(await fetchJson('/api/usuarios/todos', { method: 'POST' })).toEqual({
      thrown: 'Unexpected call: the contract has no endpoint POST /api/usuarios/todos',
    });
    expect(takeUnexpectedCalls()).toEqual(['Unexpected call: the contract has no endpoint POST /api/usuarios/todos']);
  });

  it("fails the test for a success mocked for input the server refuses, and takes the server's refusal", async () => {
    mockApi(on(authEndpoints.forgotPassword, { message: 'Enviado' }));
    const sent = await fetchJson('/api/users/forgot_password', { method: 'POST', body: JSON.stringify({}) });
    expect(sent).toMatchObject({ thrown: expect.stringContaining('the server would refuse its body {}') });
    expect(takeUnexpectedCalls()).toHaveLength(1);

    mockApi(on(authEndpoints.forgotPassword, fail(400, { error: 'Debe ingresar el correo' })));
    const refused = await fetchJson('/api/users/forgot_password', { method: 'POST', body: JSON.stringify({}) });
    expect(refused).toEqual({ status: 400, body: { error: 'Debe ingresar el correo' } });
    expect(takeUnexpectedCalls()).toEqual([]);
  });

  it('gives the handler the body and reads back what was sent to an endpoint', async () => {
    const fetchMock = mockApi(
      on(userEndpoints.resetPassword, { params: { id: 7 } }, { message: 'Hecho' }),
      on(userEndpoints.list, (body) => ({ items: [], totalItemsCount: Number(body.page) })),
    );
    const body = { page: 3, pageSize: 25, filters: {} };
    await expect(call(userEndpoints.list, { body })).resolves.toEqual({ items: [], totalItemsCount: 3 });
    await call(userEndpoints.resetPassword, { params: { id: 7 } });
    expect(bodiesSentTo(fetchMock, userEndpoints.list)).toEqual([body]);
    expect(callsTo(fetchMock, userEndpoints.resetPassword, { params: { id: 7 } })).toHaveLength(1);
    expect(callsTo(fetchMock, userEndpoints.resetPassword, { params: { id: 8 } })).toHaveLength(0);
    expect(callsTo(fetchMock, userEndpoints.listByQuery)).toHaveLength(0);
  });
});
