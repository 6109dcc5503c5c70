import { authEndpoints, mfaEndpoints, MSG, MSG_IDENTITY } from '@arandu/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, on, PUBLIC_SETTINGS } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const loginReply = (overrides = {}) => ({
  ...makeUser(overrides),
  publicSettings: PUBLIC_SETTINGS,
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Ingresar' });
  if (email) await user.type(screen.getByLabelText(/Correo electrónico/), email);
  if (password) await user.type(screen.getByLabelText(/^Contraseña/), password);
  await user.click(submit);
  return user;
}

describe('login (spec 01)', () => {
  it("greets with the product name and the university, faculty and logo 'Configuración' holds (issue 44)", async () => {
    mockApi(
      on(authEndpoints.publicSettings, {
        ...PUBLIC_SETTINGS,
        universidad: 'Universidad Nacional de Itapúa',
        facultad: 'Facultad de Ciencias y Tecnologías',
        tieneLogo: true,
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Arandu' })).toBeInTheDocument();
    expect(await screen.findByText('Facultad de Ciencias y Tecnologías')).toBeInTheDocument();
    expect(screen.getByText('Universidad Nacional de Itapúa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo de Facultad de Ciencias y Tecnologías' })).toHaveAttribute(
      'src',
      '/api/configuracion/logo',
    );
    expect(screen.queryByText('Facultad de Ingeniería')).not.toBeInTheDocument();
    expect(await screen.findByText('Test')).toBeInTheDocument();
  });

  it('requires the e-mail and the password, and sends nothing', async () => {
    const fetchMock = mockApi();
    renderApp('/log_in');
    await fillAndSubmit('', '');
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, authEndpoints.login)).toEqual([]);
  });

  it('refuses an e-mail that does not look like one', async () => {
    mockApi();
    renderApp('/');
    await fillAndSubmit('ana@fiuna', 'secreta123');
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
  });

  it('warns on a wrong password and lets the user try again', async () => {
    mockApi(on(authEndpoints.login, fail(401, { error: MSG.loginFailed })));
    renderApp('/');
    await fillAndSubmit('ana@fiuna.edu.py', 'equivocada');
    expect(await screen.findByText(MSG.warningTitle)).toBeInTheDocument();
    // In the toast and in the form, by the fields it concerns (issue 34 item 9).
    expect(screen.getAllByText(MSG.loginFailed)).toHaveLength(2);
    const inForm = document.getElementById('login-failure')!;
    expect(inForm).toHaveAttribute('role', 'alert');
    expect(inForm).toHaveTextContent(MSG.loginFailed);
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAccessibleDescription(MSG.loginFailed);
    await waitFor(() => expect(screen.getByLabelText(/Correo electrónico/)).toHaveFocus());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled());
    expect(screen.getByLabelText(/Correo electrónico/)).toBeEnabled();
  });

  it("shows the server's text when logins are throttled", async () => {
    mockApi(on(authEndpoints.login, fail(429, { error: MSG.accountLocked })));
    renderApp('/');
    await fillAndSubmit('ana@fiuna.edu.py', 'equivocada');
    expect(await screen.findByText(MSG.accountLocked)).toBeInTheDocument();
  });

  it('takes a student to the student dashboard in view 0 and stores the session', async () => {
    const fetchMock = mockApi(on(authEndpoints.login, loginReply({ esAlumno: true, esAdmin: true })));
    const { router } = renderApp('/');
    await fillAndSubmit('  ana@fiuna.edu.py ', 'secreta123');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/student-dashboard');
    });
    expect(bodiesSentTo(fetchMock, authEndpoints.login)[0]).toEqual({
      email: 'ana@fiuna.edu.py',
      password: 'secreta123',
      rememberMe: false,
    });
    const stored = JSON.parse(localStorage.getItem('arandu.user') ?? '{}') as Record<string, unknown>;
    // The session is the server's HttpOnly cookie: nothing a script could read is kept.
    expect(stored).not.toHaveProperty('token');
    expect(stored).toMatchObject({
      esAlumno: true,
      publicSettings: { appName: 'Arandu', appVersion: '1.2.0' },
    });
    expect(localStorage.getItem('arandu.viewAs')).toBe('0');
  });

  it('takes a first login to /first_log_in', async () => {
    mockApi(on(authEndpoints.login, loginReply({ esFuncionario: true, firstLogin: true })));
    const { router } = renderApp('/');
    await fillAndSubmit('ana@fiuna.edu.py', 'temporal1');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/first_log_in');
    });
    expect(await screen.findByRole('heading', { name: 'Establecer nueva contraseña' })).toBeInTheDocument();
  });

  it('asks for the second factor when the password was right, then signs in with the code', async () => {
    const fetchMock = mockApi(
      on(authEndpoints.login, { mfaRequired: true, mfaToken: 'desafio' }),
      on(mfaEndpoints.login, (body) =>
        (body as { code: string }).code === '123456'
          ? loginReply({ esAlumno: true })
          : fail(401, { error: MSG_IDENTITY.mfaCodeInvalid }),
      ),
    );
    const { router } = renderApp('/');
    const user = await fillAndSubmit('ana@fiuna.edu.py', 'secreta123');
    const code = await screen.findByLabelText('Código de verificación');
    expect(localStorage.getItem('arandu.user')).toBeNull();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MSG_IDENTITY.mfaCodeInvalid)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/student-dashboard');
    });
    expect(bodiesSentTo(fetchMock, mfaEndpoints.login).at(-1)).toEqual({ mfaToken: 'desafio', code: '123456' });
  });

  it("switches to the reset form and shows the server's answer", async () => {
    const answer = 'Si el correo pertenece a un usuario, se ha enviado un correo con la contraseña temporal.';
    mockApi(on(authEndpoints.forgotPassword, { message: answer }));
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '¿Olvidaste tu Contraseña?' }));
    await user.type(screen.getByLabelText(/Correo electrónico/), 'ana@fiuna.edu.py');
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });
});
