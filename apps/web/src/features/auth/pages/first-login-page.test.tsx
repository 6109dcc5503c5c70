import { authEndpoints, MSG } from '@arandu/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, on, PUBLIC_SETTINGS, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

async function fill(values: { current?: string; next?: string; confirm?: string }) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Establecer nueva contraseña' });
  if (values.current) await user.type(screen.getByLabelText(/^Contraseña actual/), values.current);
  if (values.next) await user.type(screen.getByLabelText(/^Nueva contraseña/), values.next);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirmar nueva contraseña/), values.confirm);
  await user.click(submit);
}

describe('first login (spec 01)', () => {
  it('needs a stored user', async () => {
    mockApi();
    const { router } = renderApp('/first_log_in');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it("shows the stored user's e-mail, read-only, and requires every password", async () => {
    storeUser(makeUser({ esAlumno: true, firstLogin: true }));
    mockApi();
    renderApp('/first_log_in');
    const email = await screen.findByLabelText(/Correo electrónico/);
    expect(email).toHaveValue('ana@fiuna.edu.py');
    expect(email).toHaveAttribute('readonly');

    await fill({});
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPasswordRequired)).toBeInTheDocument();
  });

  it('refuses a confirmation that differs and a new password equal to the current one', async () => {
    storeUser(makeUser({ esAlumno: true, firstLogin: true }));
    mockApi();
    renderApp('/first_log_in');
    await fill({ current: 'temporal123', next: 'temporal123', confirm: 'otra-cosa-1' });
    expect(await screen.findByText(MSG.newPasswordSameAsCurrent)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPasswordMismatch)).toBeInTheDocument();
  });

  it('asks for at least 8 characters', async () => {
    storeUser(makeUser({ esAlumno: true, firstLogin: true }));
    mockApi();
    renderApp('/first_log_in');
    await fill({ current: 'temporal123', next: 'corta', confirm: 'corta' });
    expect(await screen.findByText(MSG.newPasswordTooShort)).toBeInTheDocument();
  });

  it("shows the server's field errors on the fields", async () => {
    storeUser(makeUser({ esAlumno: true, firstLogin: true }));
    mockApi(
      on(
        authEndpoints.setNewPassword,
        fail(400, { error: MSG.loginFailed, errors: { currentPassword: 'La contraseña actual no es correcta' } }),
      ),
    );
    renderApp('/first_log_in');
    await fill({ current: 'equivocada1', next: 'nueva-clave-1', confirm: 'nueva-clave-1' });
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(screen.getByText(MSG.loginFailed)).toBeInTheDocument();
  });

  it('stores the reply and takes staff to the user list', async () => {
    storeUser(makeUser({ esFuncionario: true, firstLogin: true }));
    const fetchMock = mockApi(
      on(authEndpoints.setNewPassword, {
        ...makeUser({ esFuncionario: true }),
        publicSettings: PUBLIC_SETTINGS,
      }),
    );
    const { router } = renderApp('/first_log_in');
    await fill({ current: 'temporal123', next: 'nueva-clave-1', confirm: 'nueva-clave-1' });

    expect(await screen.findByText(MSG.newPasswordSet)).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/users');
    });
    expect(bodiesSentTo(fetchMock, authEndpoints.setNewPassword)[0]).toEqual({
      email: 'ana@fiuna.edu.py',
      currentPassword: 'temporal123',
      newPassword: 'nueva-clave-1',
      confirmPassword: 'nueva-clave-1',
    });
    const stored = JSON.parse(localStorage.getItem('arandu.user') ?? '{}') as Record<string, unknown>;
    expect(stored).not.toHaveProperty('token');
    expect(stored).toMatchObject({ firstLogin: false });
    expect(localStorage.getItem('arandu.viewAs')).toBe('2');
  });
});
