import { outboxEndpoints } from '@arandu/shared';
import type { OutboxItem } from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const kept: OutboxItem = {
  id: 31,
  fecha: '2026-03-02T13:05:00.000Z',
  estado: 'retenido',
  destinatario: 'rosa.gimenez@demo.edu.py',
  asunto: 'Arandu: su cuenta',
  cuerpo: 'Hola Rosa:\n\nIngrese en: http://localhost:3000/\nContraseña temporal: Xy7-kq2-Lm9\n',
  error: null,
  enviadoEn: null,
};

describe('Correos', () => {
  it('lists the outbox for an administrator, filters by state and opens a mail with its temporary password', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(outboxEndpoints.list, { query: { page: 1, pageSize: 25 } }, { items: [kept], totalItemsCount: 1 }),
      on(
        outboxEndpoints.list,
        { query: { page: 1, pageSize: 25, estado: 'retenido' } },
        {
          items: [],
          totalItemsCount: 0,
        },
      ),
    );
    renderApp('/pages/correos');
    const tr = (await screen.findByRole('button', { name: 'Arandu: su cuenta' })).closest('tr')!;
    expect(within(tr).getByText('Retenido')).toBeInTheDocument();
    // 13:05 UTC is 10:05 in Asunción (UTC-3).
    expect(within(tr).getAllByText(/02\/03\/2026 10:05/).length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(within(tr).getByRole('button', { name: 'Arandu: su cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arandu: su cuenta' });
    expect(within(dialog).getByText(/Contraseña temporal: Xy7-kq2-Lm9/)).toBeInTheDocument();
    expect(within(dialog).getByText('rosa.gimenez@demo.edu.py')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Búsqueda' }));
    await user.click(await screen.findByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Retenido' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No se encontraron resultados')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/outbox?page=1&pageSize=25&estado=retenido', expect.anything());
  });

  it('tells a Funcionario the screen is for administrators, without calling the API', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const fetchMock = mockApi();
    renderApp('/pages/correos');
    expect(await screen.findByText(/Esta página es para los administradores/)).toBeInTheDocument();
    expect(callsTo(fetchMock, outboxEndpoints.list).length > 0).toBe(false);
  });
});
