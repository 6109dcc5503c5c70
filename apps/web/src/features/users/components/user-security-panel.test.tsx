import {
  mfaEndpoints,
  MSG_IDENTITY,
  securityEventEndpoints,
  sessionEndpoints,
  type UserDetail,
  userEndpoints,
  type UserFormData,
} from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, type Handler, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { EMPTY_USER } from './user-form-values';

const formData: UserFormData = {
  paises: [{ id: 1, nombre: 'Paraguay' }],
  escalafonDocente: [],
  materias: [],
  roles: [],
  tiposAuditoria: [],
  tablasAuditoria: [],
};

const sofia = {
  ...(EMPTY_USER as unknown as UserDetail),
  id: 9,
  nombre: 'Sofía',
  apellido: 'Cáceres',
  numeroDocumento: '5678901',
  email: 'sofia@demo.edu.py',
  nacionalidadPaisId: 1,
  esAlumno: true,
  roles: [{ value: 0, label: 'Alumno', code: 'A' }],
} as UserDetail;

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const event = (id: number, over: Record<string, unknown>) => ({
  id,
  fecha: '2026-11-28T12:41:00.000Z',
  tipo: 'ingreso',
  metodo: null,
  factor: null,
  email: null,
  direccion: '10.0.0.9',
  agenteUsuario: CHROME_LINUX,
  motivo: null,
  actor: null,
  ...over,
});

function openRecord(
  eventsReply: Handler<typeof securityEventEndpoints.ofUser>,
  resetReply?: Handler<typeof mfaEndpoints.reset>,
) {
  storeUser(makeUser({ esAdmin: true }));
  return mockApi(
    on(userEndpoints.formData, formData),
    on(userEndpoints.get, { params: { id: 9 } }, sofia),
    on(sessionEndpoints.ofUser, { params: { id: 9 } }, { items: [] }),
    on(securityEventEndpoints.ofUser, { params: { id: 9 } }, eventsReply),
    ...(resetReply ? [on(mfaEndpoints.reset, { params: { id: 9 } }, resetReply)] : []),
  );
}

describe("the 'Seguridad' tab of a user's record (staff)", () => {
  it('reads the events only when opened, a page at a time from the server, in words', async () => {
    const fetchMock = openRecord((body) => {
      const page = (body as { page: number }).page;
      return {
        totalItemsCount: 21,
        items:
          page === 1
            ? [
                event(30, { metodo: 'institucional' }),
                event(29, {
                  tipo: 'ingreso_fallido',
                  metodo: 'contrasena',
                  factor: 'totp',
                  motivo: 'código incorrecto',
                }),
                event(28, {
                  tipo: 'segundo_factor_restablecido',
                  factor: 'totp',
                  actor: 'Ana Benítez',
                  motivo: 'Perdió el teléfono',
                  agenteUsuario: null,
                }),
              ]
            : [event(1, { tipo: 'ingreso_bloqueado', email: null, motivo: 'Cuenta bloqueada' })],
      };
    });
    const user = userEvent.setup();
    renderApp('/pages/users/edit/9');
    const tab = await screen.findByRole('tab', { name: 'Seguridad' });
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toHaveValue('Sofía');
    expect(bodiesSentTo(fetchMock, securityEventEndpoints.ofUser, { params: { id: 9 } })).toEqual([]);
    await user.click(tab);
    const table = await screen.findByRole('table', { name: 'Eventos de seguridad' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '28/11/2026 09:41Ingreso con cuenta institucionalChrome en Linux10.0.0.9',
      '28/11/2026 09:41Ingreso fallido (contraseña, código de la aplicación)Chrome en Linux10.0.0.9código incorrecto',
      '28/11/2026 09:41Segundo factor restablecido (código de la aplicación)—10.0.0.9Por Ana Benítez · Perdió el teléfono',
    ]);
    expect(screen.getByText('21 eventos, del más reciente al más antiguo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByRole('cell', { name: 'Ingreso bloqueado por intentos' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, securityEventEndpoints.ofUser, { params: { id: 9 } })).toEqual([
      { page: 1, pageSize: 20, filters: {} },
      { page: 2, pageSize: 20, filters: {} },
    ]);
  });

  it("asks for the reason and the actor's password and code before resetting the factor", async () => {
    const fetchMock = openRecord(
      () => ({ items: [], totalItemsCount: 0 }),
      () => fail(400, { error: 'Hay errores de validación', errors: { code: MSG_IDENTITY.mfaCodeInvalid } }),
    );
    const user = userEvent.setup();
    renderApp('/pages/users/edit/9');
    await user.click(await screen.findByRole('tab', { name: 'Seguridad' }));
    expect(await screen.findByText('No se encontraron resultados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restablecer segundo factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer segundo factor' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restablecer' }));
    expect(within(dialog).getByText(MSG_IDENTITY.mfaReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_IDENTITY.reauthPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_IDENTITY.mfaCodeRequired)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, mfaEndpoints.reset, { params: { id: 9 } })).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Perdió el teléfono');
    await user.type(within(dialog).getByLabelText('Su contraseña actual'), 'Clave-2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Código de verificación' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restablecer' }));
    expect(await within(dialog).findByText(MSG_IDENTITY.mfaCodeInvalid)).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, mfaEndpoints.reset, { params: { id: 9 } })).toEqual([
        { motivo: 'Perdió el teléfono', password: 'Clave-2026', code: '123456' },
      ]),
    );
  });
});
