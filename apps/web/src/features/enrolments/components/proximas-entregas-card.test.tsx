import { entregaEndpoints, type EntregaProxima } from '@arandu/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, on } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { ProximasEntregasCard } from './proximas-entregas-card';

/** 'Entregas próximas' on the student's dashboard (issue 46), at a fixed moment: 10:00 in Asunción (UTC-3). */
const NOW = new Date('2026-11-25T13:00:00Z');

const tarea = (over: Partial<EntregaProxima>): EntregaProxima => ({
  tareaId: 1,
  materiaPeriodoId: 7,
  materia: 'Física II',
  descripcion: 'Informe',
  hasta: '2026-11-26T02:59:59.000Z',
  atrasoHasta: null,
  entregada: null,
  ...over,
});

function renderCard() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ProximasEntregasCard now={NOW} /> },
      { path: '/pages/student-tasks/:id', element: <p>Mis tareas</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('Entregas próximas', () => {
  it('says today, tomorrow or the date in Asunción, links to the hand-in, and tells what is handed in', async () => {
    mockApi(
      on(entregaEndpoints.upcoming, {}, [
        // 23:59:59 tonight in Asunción is 02:59:59 tomorrow in UTC: still today.
        tarea({ tareaId: 11, descripcion: 'Informe de laboratorio', hasta: '2026-11-26T02:59:59.000Z' }),
        tarea({
          tareaId: 12,
          descripcion: 'Trabajo práctico 2',
          hasta: '2026-11-26T21:00:00.000Z',
          entregada: { fecha: '2026-11-24T15:30:00.000Z', atrasada: false },
        }),
        tarea({ tareaId: 13, materiaPeriodoId: 8, descripcion: 'Proyecto', hasta: '2026-12-04T02:59:59.000Z' }),
        // Past its deadline, still taking late work.
        tarea({
          tareaId: 14,
          descripcion: 'Cuestionario',
          hasta: '2026-11-24T02:59:59.000Z',
          atrasoHasta: '2026-11-27T02:59:59.000Z',
        }),
      ]),
    );
    const router = renderCard();
    const card = await screen.findByLabelText('Entregas próximas');
    const item = (name: string) => within(card).getByText(name).closest('li')!;
    expect(within(item('Informe de laboratorio')).getByText('Vence hoy 23:59')).toBeInTheDocument();
    expect(within(item('Trabajo práctico 2')).getByText('Vence mañana 18:00')).toBeInTheDocument();
    expect(within(item('Trabajo práctico 2')).getByText('Entregada el 24/11/2026 12:30')).toBeInTheDocument();
    expect(within(item('Proyecto')).getByText('Vence el 03/12/2026 23:59')).toBeInTheDocument();
    expect(within(item('Cuestionario')).getByText('Con atraso hasta mañana 23:59')).toBeInTheDocument();
    expect(within(item('Informe de laboratorio')).queryByText(/^Entregada/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Proyecto' })).toHaveAttribute(
      'href',
      '/pages/student-tasks/8?tarea=13',
    );
    within(card).getByRole('link', { name: 'Informe de laboratorio' }).click();
    await screen.findByText('Mis tareas');
    expect(router.state.location.search).toBe('?tarea=11');
  });

  it('shows nothing when nothing is due', async () => {
    const fetchMock = mockApi(on(entregaEndpoints.upcoming, {}, []));
    renderCard();
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Entregas próximas')).not.toBeInTheDocument();
  });
});
