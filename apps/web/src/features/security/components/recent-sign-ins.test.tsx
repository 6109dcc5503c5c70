import { securityEventEndpoints } from '@arandu/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { RecentSignIns } from './recent-sign-ins';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe("'Últimos ingresos' in Mis sesiones", () => {
  it('says how, from which browser and when (America/Asuncion), one line each, newest first', async () => {
    storeUser(makeUser());
    mockApi(
      on(securityEventEndpoints.mySignIns, {
        items: [
          {
            id: 2,
            fecha: '2026-11-28T12:41:00.000Z',
            metodo: 'institucional',
            factor: null,
            direccion: '10.0.0.2',
            agenteUsuario: CHROME_LINUX,
          },
          {
            id: 1,
            fecha: '2026-11-27T23:05:00.000Z',
            metodo: 'contrasena',
            factor: 'totp',
            direccion: '10.0.0.1',
            agenteUsuario: FIREFOX_WINDOWS,
          },
        ],
      }),
    );
    render(
      <TestProviders>
        <RecentSignIns />
      </TestProviders>,
    );
    const first = await screen.findByText('Ingreso con cuenta institucional · Chrome en Linux · 28/11/2026 09:41');
    expect(first.closest('li')).toHaveAttribute('title', '10.0.0.2');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Ingreso con cuenta institucional · Chrome en Linux · 28/11/2026 09:41',
      'Ingreso con contraseña y código de la aplicación · Firefox en Windows · 27/11/2026 20:05',
    ]);
  });

  it('says when there is none', async () => {
    storeUser(makeUser());
    mockApi(on(securityEventEndpoints.mySignIns, { items: [] }));
    render(
      <TestProviders>
        <RecentSignIns />
      </TestProviders>,
    );
    expect(await screen.findByText('No hay ingresos registrados.')).toBeInTheDocument();
  });
});
