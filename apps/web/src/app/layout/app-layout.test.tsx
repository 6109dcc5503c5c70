import { authEndpoints, MSG } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  callsTo,
  type Canned,
  cutOff,
  fail,
  makeUser,
  mockApi,
  noContent,
  on,
  storeUser,
} from '../../test/api-mock';
import { renderApp } from '../../test/render';
import { paths } from '../../config/paths';

const menu = () => screen.findByRole('navigation', { name: 'Menú principal' });

describe('the shell (spec 01)', () => {
  it("closes the phone's menu with Escape and gives the focus back to its button (issue 43)", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi();
    renderApp('/pages/one');
    await menu();
    const [burger] = screen.getAllByRole('button', { name: 'Menú' });
    const user = userEvent.setup();
    await user.click(burger!);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('shows the staff groups, the bottom bar and the environment badge to staff', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi();
    renderApp('/pages/one');
    const nav = await menu();
    for (const label of [
      'Usuarios',
      'Carreras',
      'Auditoría',
      'Inscripcion a materias',
      'Examenes',
      'Asistencia',
      'Estado académico',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Tablero' })).not.toBeInTheDocument();
    expect(await screen.findByText('2021-2025 - Build #42')).toBeInTheDocument();
    expect(screen.getByText('Versión 1.2.0')).toBeInTheDocument();
    expect(screen.getByText('Test')).toBeInTheDocument();
    // A single role: no 'Ver como:'.
    expect(screen.queryByLabelText('Ver como:')).not.toBeInTheDocument();
  });

  it("offers 'Ver como:' with the roles held, and a change leads to that role's dashboard and menu", async () => {
    storeUser(makeUser({ esAlumno: true, esAdmin: true }));
    localStorage.setItem('arandu.viewAs', '3');
    mockApi();
    const { router } = renderApp('/pages/one');
    const select = await screen.findByLabelText('Ver como:');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alumno', 'Admin']);
    expect(within(await menu()).getByRole('link', { name: 'Usuarios' })).toBeInTheDocument();

    await userEvent.setup().selectOptions(select, '0');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/student-dashboard');
    });
    const nav = await menu();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Tablero' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(nav).queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
    expect(localStorage.getItem('arandu.viewAs')).toBe('0');
  });

  it("logs out with 'Salir' and keeps only the preferences", async () => {
    storeUser(makeUser({ esProfesor: true }));
    localStorage.setItem('arandu.colorScheme', 'dark');
    const fetchMock = mockApi(on(authEndpoints.logout, noContent()));
    const { router } = renderApp('/pages/profesor-dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Usuario: Ana Benítez' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Salir' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(bodiesSentTo(fetchMock, authEndpoints.logout)).toHaveLength(1);
    expect(localStorage.getItem('arandu.colorScheme')).toBe('dark');
    expect(Object.keys(localStorage).filter((key) => !key.startsWith('arandu.sidebar'))).toEqual([
      'arandu.colorScheme',
    ]);
  });

  it('keeps the theme and the text direction the user chooses in the sidebar', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi();
    renderApp('/pages/student-dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Modo oscuro' }));
    await user.click(screen.getByRole('switch', { name: 'Texto de derecha a izquierda' }));

    expect(localStorage.getItem('arandu.colorScheme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem('arandu.direction')).toBe('rtl');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('sends a failed session check back to / with an error toast', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(authEndpoints.loginStatus, fail(401, { error: MSG.unauthorized })));
    const { router } = renderApp('/pages/users');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByText(MSG.errorTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.unauthorized)).toBeInTheDocument();
    expect(localStorage.getItem('arandu.user')).toBeNull();
  });

  // A dropped connection, or a reply cut off on its way (a reload right after the login), is not a failed check.
  it.each([
    [
      'cannot reach the server',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['gets a reply cut off on its way', () => cutOff()],
  ])('keeps the session when the check %s', async (_case, answer: () => Canned) => {
    storeUser(makeUser({ esFuncionario: true }));
    const fetchMock = mockApi(on(authEndpoints.loginStatus, answer));
    const { router } = renderApp('/pages/one');
    await waitFor(() => {
      expect(callsTo(fetchMock, authEndpoints.loginStatus).length > 0).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/pages/one');
    expect(localStorage.getItem('arandu.user')).not.toBeNull();
  });

  it('needs a stored authenticated user for every /pages route', async () => {
    mockApi();
    const { router } = renderApp('/pages/users');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('shows screens not built yet as under construction, with their title', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi();
    renderApp(paths.two);
    expect(await screen.findByRole('heading', { name: 'Página dos' })).toBeInTheDocument();
    expect(screen.getByText(MSG.underConstruction)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/dashboard_default');
  });

  it('shows a Spanish 404 page for an unknown route', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi();
    renderApp('/pages/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it("leads the logo's /dashboard_default to the dashboard of the current view", async () => {
    storeUser(makeUser({ esProfesor: true, esFuncionario: true }));
    localStorage.setItem('arandu.viewAs', '1');
    mockApi();
    const { router } = renderApp('/dashboard_default');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/profesor-dashboard');
    });
  });
});
