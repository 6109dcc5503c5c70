import { authEndpoints, type CallReply, MSG_OIDC, oidcEndpoints } from '@arandu/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, mockApi, on, PUBLIC_SETTINGS, storeUser } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { InstitutionalAccountCard } from './institutional-account-card';

const bound = {
  emisor: 'https://sso.fiuna.edu.py/realms/fiuna',
  sujeto: 'f3a1-77',
  vinculadaEn: '2026-11-28T12:41:00.000Z',
};

function show(reply: CallReply<typeof oidcEndpoints.cuentaInstitucional>) {
  storeUser(makeUser({ esFuncionario: true }));
  const fetchMock = mockApi(
    on(authEndpoints.publicSettings, { ...PUBLIC_SETTINGS, institutionalLogin: true }),
    on(oidcEndpoints.cuentaInstitucional, { params: { id: 9 } }, reply),
    on(oidcEndpoints.removeCuentaInstitucional, { params: { id: 9 } }, () => undefined),
  );
  render(
    <TestProviders>
      <InstitutionalAccountCard userId={9} />
    </TestProviders>,
  );
  return fetchMock;
}

describe("the user's institutional account on the record (issue 41)", () => {
  it('shows the binding and removes it after a confirmation, with a toast', async () => {
    const fetchMock = show({ cuenta: bound });
    const card = await screen.findByRole('region', { name: 'Cuenta institucional' });
    expect(await within(card).findByText(bound.sujeto)).toBeInTheDocument();
    expect(within(card).getByText(bound.emisor)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Quitar vinculación' }));
    // Nothing goes before the confirmation.
    const deletes = () => callsTo(fetchMock, oidcEndpoints.removeCuentaInstitucional, { params: { id: 9 } });
    expect(deletes()).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Sí, quitar' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(await screen.findByText(MSG_OIDC.identityRemoved)).toBeInTheDocument();
    expect(await within(card).findByText(/Sin cuenta institucional vinculada/)).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    show({ cuenta: null });
    expect(await screen.findByText(/Sin cuenta institucional vinculada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar vinculación' })).not.toBeInTheDocument();
  });
});
