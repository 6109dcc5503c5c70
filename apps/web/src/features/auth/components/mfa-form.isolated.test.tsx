import { authEndpoints, MSG_IDENTITY, MSG_WEBAUTHN, webauthnEndpoints } from '@arandu/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, fail, type Handler, makeUser, mockApi, on, PUBLIC_SETTINGS } from '../../../test/api-mock';
import type * as webauthn from '../../../lib/webauthn';
import { renderApp } from '../../../test/render';

// The browser's WebAuthn prompt stands in for a key here; the e2e test (passkeys.spec.ts) drives a real one.
const signWithPasskey = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/webauthn', async (original) => ({
  ...(await original<typeof webauthn>()),
  signWithPasskey,
}));

const OPTIONS = { challenge: 'desafio-de-la-llave', allowCredentials: [{ id: 'llave', type: 'public-key' }] };
// A signature as the server's schema takes it (the mock refuses a success for input the server would refuse).
const RESPONSE = {
  id: 'llave',
  rawId: 'llave',
  type: 'public-key',
  response: { clientDataJSON: 'ZGF0b3M', authenticatorData: 'YXV0ZW50aWNhZG9y', signature: 'ZmlybWE' },
  clientExtensionResults: {},
};

async function secondStep(
  methods: { totp: boolean; webauthn: boolean },
  verify: Handler<typeof webauthnEndpoints.loginVerify> = () => ({
    ...makeUser({ esAlumno: true }),
    publicSettings: PUBLIC_SETTINGS,
  }),
) {
  const fetchMock = mockApi(
    on(authEndpoints.login, { mfaRequired: true, mfaToken: 'desafio' }),
    on(webauthnEndpoints.loginMethods, methods),
    on(webauthnEndpoints.loginOptions, OPTIONS),
    on(webauthnEndpoints.loginVerify, verify),
  );
  const app = renderApp('/');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Correo electrónico/), 'ana@fiuna.edu.py');
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreta123');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return { ...app, user, fetchMock };
}

describe('the login’s second step with a security key (issue 41)', () => {
  beforeEach(() => {
    signWithPasskey.mockReset();
  });

  it('offers the code and the key when the user has both', async () => {
    await secondStep({ totp: true, webauthn: true });
    expect(await screen.findByRole('button', { name: 'Usar llave de seguridad' })).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toBeInTheDocument();
  });

  it('offers only the key to a user with keys alone, and signs in with its signature', async () => {
    signWithPasskey.mockResolvedValue(RESPONSE);
    const { user, router, fetchMock } = await secondStep({ totp: false, webauthn: true });
    await user.click(await screen.findByRole('button', { name: 'Usar llave de seguridad' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/student-dashboard');
    });
    expect(screen.queryByLabelText('Código de verificación')).toBeNull();
    expect(signWithPasskey).toHaveBeenCalledWith(OPTIONS);
    expect(bodiesSentTo(fetchMock, webauthnEndpoints.loginVerify)).toEqual([
      { mfaToken: 'desafio', response: RESPONSE },
    ]);
  });

  it('shows why a key was refused, and a cancelled prompt, in Spanish', async () => {
    signWithPasskey.mockResolvedValueOnce(RESPONSE);
    const { user } = await secondStep({ totp: false, webauthn: true }, () => fail(401, { error: MSG_WEBAUTHN.cloned }));
    const button = await screen.findByRole('button', { name: 'Usar llave de seguridad' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_WEBAUTHN.cloned);
    signWithPasskey.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    await user.click(button);
    expect(await screen.findByText(MSG_WEBAUTHN.cancelled)).toBeInTheDocument();
  });

  it('goes back to the password when the login token expired', async () => {
    signWithPasskey.mockResolvedValue(RESPONSE);
    const { user } = await secondStep({ totp: false, webauthn: true }, () =>
      fail(401, { error: MSG_IDENTITY.mfaChallengeExpired }),
    );
    await user.click(await screen.findByRole('button', { name: 'Usar llave de seguridad' }));
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });
});
