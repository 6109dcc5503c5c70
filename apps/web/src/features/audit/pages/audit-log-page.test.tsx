import { auditEndpoints, userEndpoints } from '@arandu/shared';
import type { AuditItem } from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const change: AuditItem = {
  id: 812,
  usuarioId: 1,
  usuario: 'Lucía Ramírez Benítez',
  tipo: 2,
  tipoLabel: 'Modificación',
  fecha: '2026-03-02T13:05:00.000Z',
  nombreTabla: 'usuarios',
  clavePrimaria: '42',
  descripcion: 'Prueba, Auditada',
  columnasAfectadas: ['telefono_celular', 'updated_at'],
  valoresAnteriores: { telefono_celular: '0981 111 111' },
  valoresNuevos: { telefono_celular: '0971 222 333' },
};

describe('Auditoría de cambios', () => {
  it('shows who changed what and when, and filters by type', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(auditEndpoints.list, { items: [change], totalItemsCount: 1 }),
      on(userEndpoints.formData, {
        paises: [],
        escalafonDocente: [],
        materias: [],
        roles: [],
        tiposAuditoria: [
          { value: 1, label: 'Creación' },
          { value: 2, label: 'Modificación' },
          { value: 3, label: 'Eliminación' },
        ],
        tablasAuditoria: ['usuarios'],
      }),
    );
    renderApp('/pages/audit_log');
    const tr = (await screen.findByText('Lucía Ramírez Benítez')).closest('tr')!;
    expect(within(tr).getByText('Modificación')).toBeInTheDocument();
    // 13:05 UTC is 10:05 in Asunción (UTC-3).
    expect(within(tr).getByText('02/03/2026 10:05')).toBeInTheDocument();
    expect(within(tr).getByText('0981 111 111')).toBeInTheDocument();
    expect(within(tr).getByText('0971 222 333')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Búsqueda' }));
    await user.click(await screen.findByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Eliminación' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByText('Lucía Ramírez Benítez');
    expect(bodiesSentTo(fetchMock, auditEndpoints.list).at(-1)).toEqual({
      page: 1,
      pageSize: 25,
      filters: { tipo: 3 },
    });
  });
});
