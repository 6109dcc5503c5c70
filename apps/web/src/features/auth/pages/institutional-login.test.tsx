import { authEndpoints, MSG_OIDC } from '@arandu/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, on, PUBLIC_SETTINGS } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

/** The login page as the provider's way back leaves it: the reason in the address's fragment. */
function backFromProvider(reason: string) {
  mockApi(on(authEndpoints.publicSettings, { ...PUBLIC_SETTINGS, institutionalLogin: true }));
  window.history.replaceState(null, '', `/log_in#oidc_error=${reason}`);
  renderApp('/log_in');
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('institutional sign-in refusals of issue 41 on the login page', () => {
  it('says the sign-in began in another browser', async () => {
    backFromProvider('browser');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_OIDC.otherBrowser);
    // The reason does not stay in the address.
    expect(window.location.hash).toBe('');
  });

  it('says the user is bound to another institutional account', async () => {
    backFromProvider('otheraccount');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_OIDC.otherAccount);
  });

  it("shows 'Sólo ingreso institucional' when a bound account's password is refused", async () => {
    mockApi(on(authEndpoints.login, fail(403, { error: MSG_OIDC.institutionalOnly })));
    renderApp('/log_in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Correo electrónico/), 'alumna@fiuna.edu.py');
    await user.type(screen.getByLabelText(/^Contraseña/), 'la-de-siempre');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findAllByText(MSG_OIDC.institutionalOnly)).length).toBeGreaterThan(0);
  });
});
