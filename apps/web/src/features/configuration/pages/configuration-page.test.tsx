import { configurationEndpoints, MSG_CONFIG, SETTINGS_DEFAULTS } from '@arandu/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const { segundoFactorObligatorio: _mfa, ...settings } = SETTINGS_DEFAULTS;
const configuracion = { ...settings, tieneLogo: false };

describe("'Configuración': 'Sólo ingreso institucional' (issue 41)", () => {
  it('shows the three roles unchecked and saves the ones ticked with the rest of the figures', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(configurationEndpoints.get, configuracion),
      on(configurationEndpoints.save, configuracion),
    );
    renderApp('/pages/configuracion');
    const group = await screen.findByRole('group', { name: 'Sólo ingreso institucional' });
    expect(group).toBeInTheDocument();
    const alumnos = screen.getByRole('checkbox', { name: 'Alumnos' });
    expect(alumnos).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(alumnos);
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    const saved = () => bodiesSentTo(fetchMock, configurationEndpoints.save);
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({
      soloIngresoInstitucional: { personal: false, profesores: false, alumnos: true },
      nombreFacultad: settings.nombreFacultad,
    });
  });
});

describe("'Configuración': the faculty's web page (issue 43)", () => {
  it('saves the address the verification page links to, and refuses one that is no web address', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(configurationEndpoints.get, configuracion),
      on(configurationEndpoints.save, configuracion),
    );
    renderApp('/pages/configuracion');
    const field = await screen.findByRole('textbox', { name: 'Página web de la facultad' });
    const user = userEvent.setup();
    await user.type(field, 'facultad.edu.py');
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText(MSG_CONFIG.sitioInvalid, {})).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'https://www.demo.edu.py');
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    const saved = () => bodiesSentTo(fetchMock, configurationEndpoints.save);
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ sitioFacultad: 'https://www.demo.edu.py' });
  });
});
