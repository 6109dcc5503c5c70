import { MSG, userEndpoints, type UserListItem } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const profesor: UserListItem = {
  id: 7,
  numeroDocumento: '3456789',
  nombre: 'Hermelinda',
  apellido: 'Zárate Ocampos',
  email: 'hermelinda@demo.edu.py',
  telefonoCelular: '0981 456 789',
  roles: [{ value: 1, label: 'Profesor', code: 'P' }],
  escalafon: 2,
  arancelCero: true,
  fechaFinArancelCero: '2027-12-31',
};

describe('Usuarios del Sistema', () => {
  it('lists users with role badges, the escalafón count, Arancel Cero and a disabled delete', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(on(userEndpoints.list, { items: [profesor], totalItemsCount: 1 }));
    renderApp('/pages/users');
    const row = (await screen.findByText('Hermelinda')).closest('tr')!;
    expect(within(row).getByText('Profesor')).toBeInTheDocument();
    expect(within(row).getByText('Escalafón: 2')).toBeInTheDocument();
    expect(within(row).getByText('3.456.789')).toBeInTheDocument();
    expect(within(row).getByText('Si')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Borrar' })).toBeDisabled();
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/pages/users/edit/7');
    expect(screen.getByText('Resultado 1 - 1 de 1 registros')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, userEndpoints.list)[0]).toEqual({ page: 1, pageSize: 25, filters: {} });
  });

  it('resets a password after confirming, with the spec texts', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(
      on(userEndpoints.list, { items: [profesor], totalItemsCount: 1 }),
      on(userEndpoints.resetPassword, { params: { id: 7 } }, { message: MSG.resetPasswordDone }),
    );
    renderApp('/pages/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restablecer contraseña' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, restablecer' }));
    expect(await screen.findByText(MSG.resetPasswordDone)).toBeInTheDocument();
  });

  it('without a mail server, shows the temporary password once in a dialog and gives the focus back', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(
      on(userEndpoints.list, { items: [profesor], totalItemsCount: 1 }),
      on(
        userEndpoints.resetPassword,
        { params: { id: 7 } },
        {
          message: MSG.resetPasswordHeld,
          contrasenaTemporal: 'Kx7-pq2M-vR9t',
        },
      ),
    );
    renderApp('/pages/users');
    const user = userEvent.setup();
    const resetButton = await screen.findByRole('button', { name: 'Restablecer contraseña' });
    await user.click(resetButton);
    await user.click(await screen.findByRole('button', { name: 'Sí, restablecer' }));
    expect(await screen.findByText(MSG.resetPasswordHeld)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Contraseña temporal' });
    expect(within(dialog).getByLabelText('Contraseña temporal de hermelinda@demo.edu.py')).toHaveTextContent(
      'Kx7-pq2M-vR9t',
    );
    expect(within(dialog).getByText(/No se volverá a mostrar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByText('Kx7-pq2M-vR9t')).not.toBeInTheDocument());
    await waitFor(() => expect(resetButton).toHaveFocus());
  });

  it('offers no password reset on an Admin to staff who are not the root administrator', async () => {
    const admin: UserListItem = {
      ...profesor,
      id: 8,
      nombre: 'Rosa',
      roles: [{ value: 3, label: 'Admin', code: 'S' }],
    };
    const list = () => ({ items: [profesor, admin], totalItemsCount: 2 });
    storeUser(makeUser({ esAdmin: true }));
    mockApi(on(userEndpoints.list, list));
    const { unmount } = renderApp('/pages/users');
    const row = (await screen.findByText('Rosa')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Restablecer contraseña' })).toBeDisabled();
    const other = screen.getByText('Hermelinda').closest('tr')!;
    expect(within(other).getByRole('button', { name: 'Restablecer contraseña' })).toBeEnabled();
    unmount();

    storeUser(makeUser({ esAdmin: true, esAdminRoot: true }));
    mockApi(on(userEndpoints.list, list));
    renderApp('/pages/users');
    const byRoot = (await screen.findByText('Rosa')).closest('tr')!;
    expect(within(byRoot).getByRole('button', { name: 'Restablecer contraseña' })).toBeEnabled();
  });

  it('says so when the list cannot be loaded', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(on(userEndpoints.list, fail(500, { error: 'caído' })));
    renderApp('/pages/users');
    await waitFor(() => expect(screen.getAllByText(MSG.userListLoadFailed).length).toBeGreaterThan(0));
  });

  it('is closed to a student: no list, no call', async () => {
    storeUser(makeUser({ esAlumno: true }));
    const fetchMock = mockApi();
    renderApp('/pages/users');
    expect(await screen.findByRole('heading', { name: 'Acceso restringido' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, userEndpoints.list)).toEqual([]);
  });
});
