import {
  certificatesEndpoints,
  outboxEndpoints,
  securityEventEndpoints,
  sessionEndpoints,
  webauthnEndpoints,
} from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, on, storeUser } from '../test/api-mock';
import { renderApp } from '../test/render';

/**
 * Issue 43: 'Mis sesiones', Correos, the certificates table and the user's record had a column header with no
 * text (axe 'empty-table-header'): each column says what it holds, the buttons' one included.
 */
const emptyHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .filter((th) => !th.textContent?.trim());

const session = {
  id: 1,
  createdAt: '2026-11-20T12:00:00.000Z',
  lastUsedAt: '2026-11-28T12:00:00.000Z',
  address: '10.0.0.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
  current: false,
};

describe('table headers with text (issue 43)', () => {
  it("'Mis sesiones' and the passkeys on 'Seguridad'", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(sessionEndpoints.mine, { items: [session, { ...session, id: 2, current: true }] }),
      on(securityEventEndpoints.mySignIns, { items: [] }),
      on(webauthnEndpoints.list, {
        items: [{ id: 4, name: 'Llave USB', createdAt: '2026-11-01T12:00:00.000Z', lastUsedAt: null, transports: [] }],
      }),
    );
    renderApp('/pages/account/security');
    const sessions = await screen.findByRole('table', { name: 'Mis sesiones' });
    expect(emptyHeaders(sessions)).toEqual([]);
    expect(within(sessions).getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    const keys = await screen.findByRole('table', { name: 'Llaves de seguridad registradas' });
    expect(emptyHeaders(keys)).toEqual([]);
  });

  it('the certificates table, with Estado and PDF', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(certificatesEndpoints.list, { query: {} }, [
        {
          id: 3,
          codigo: 'ABCD-EFGH-JKMN-PQRS',
          tipo: 'estudios',
          emitido: '2026-11-20T12:00:00.000Z',
          digesto: 'x',
          reemplazado: false,
        },
      ]),
    );
    renderApp('/pages/mis-certificados');
    const table = await screen.findByRole('table', { name: 'Certificados emitidos' });
    expect(emptyHeaders(table)).toEqual([]);
    expect(within(table).getByRole('columnheader', { name: 'PDF' })).toBeInTheDocument();
  });

  it('Correos', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(
        outboxEndpoints.list,
        { query: { page: 1, pageSize: 25 } },
        {
          items: [
            {
              id: 31,
              fecha: '2026-03-02T13:05:00.000Z',
              estado: 'retenido',
              destinatario: 'rosa.gimenez@demo.edu.py',
              asunto: 'Arandu: su cuenta',
              cuerpo: 'Hola',
              error: null,
              enviadoEn: null,
            },
          ],
          totalItemsCount: 1,
        },
      ),
    );
    renderApp('/pages/correos');
    await screen.findByRole('button', { name: 'Arandu: su cuenta' });
    const table = screen.getAllByRole('table')[0]!;
    expect(emptyHeaders(table)).toEqual([]);
  });
});
