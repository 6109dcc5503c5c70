import { MSG, type UserDetail, userEndpoints, type UserFormData } from '@arandu/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, callsTo, fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { EMPTY_USER } from '../components/user-form-values';

const formData: UserFormData = {
  paises: [{ id: 1, nombre: 'Paraguay' }],
  escalafonDocente: [{ value: 1, label: 'Profesor Titular' }],
  materias: [{ value: 3, label: 'INF052 - Bases de Datos I' }],
  roles: [],
  tiposAuditoria: [],
  tablasAuditoria: [],
};

function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...(EMPTY_USER as unknown as UserDetail),
    id: 9,
    nombre: 'Sofía',
    apellido: 'Cáceres',
    numeroDocumento: '5678901',
    email: 'sofia@demo.edu.py',
    nacionalidadPaisId: 1,
    telefonoCelular: '0981 123 456',
    fechaNacimiento: null,
    fechaFinArancelCero: null,
    grupoSanguineo: null,
    domicilioPaisId: null,
    trabajoPaisId: null,
    photoName: null,
    urlPhoto: null,
    esAlumno: true,
    esProfesor: false,
    esFuncionario: false,
    esAdmin: false,
    esAdminRoot: false,
    roles: [{ value: 0, label: 'Alumno', code: 'A' }],
    categoriasProfesores: [],
    fichaActualizada: false,
    ...overrides,
  };
}

describe('user form', () => {
  it('lets a Funcionario fill a new user but not grant Admin', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(userEndpoints.formData, formData));
    renderApp('/pages/users/new');
    expect(await screen.findByRole('heading', { name: 'Nueva Ficha del Usuario' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Alumno' }));
    expect(await screen.findByRole('heading', { name: 'Nueva Ficha del Alumno' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.nombreRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.nacionalidadRequired)).toBeInTheDocument();
  });

  const anAdmin = () => detail({ esAdmin: true, roles: [{ value: 3, label: 'Admin', code: 'S' }] });

  it.each([
    ['a Funcionario', { esFuncionario: true }],
    ['an Admin who is not root', { esAdmin: true }],
  ])('shows another Admin read-only to %s: no save, reset or photo', async (_who, flags) => {
    storeUser(makeUser(flags));
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, anAdmin));
    renderApp('/pages/users/edit/9');
    expect(await screen.findByText(MSG.adminEditOnlyByRoot)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restablecer contraseña' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elegir foto' })).not.toBeInTheDocument();
  });

  it('lets the root administrator change another Admin', async () => {
    storeUser(makeUser({ esAdmin: true, esAdminRoot: true }));
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, anAdmin));
    renderApp('/pages/users/edit/9');
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restablecer contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elegir foto' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.adminEditOnlyByRoot)).not.toBeInTheDocument();
  });

  it("keeps an Admin's own roles and e-mail read-only in 'Usuarios', the rest editable", async () => {
    storeUser(makeUser({ esAdmin: true, id: 9 }));
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, anAdmin));
    renderApp('/pages/users/edit/9');
    expect(await screen.findByText(MSG.ownIdentityLocked)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('readonly');
    for (const role of ['Alumno', 'Profesor', 'Funcionario', 'Admin']) {
      expect(screen.getByRole('checkbox', { name: role })).toBeDisabled();
    }
    expect(screen.getByRole('textbox', { name: 'Nombre' })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it("keeps a fellow Funcionario's roles and e-mail read-only to a Funcionario, the rest editable", async () => {
    storeUser(makeUser({ esFuncionario: true, id: 4 }));
    const colleague = () => detail({ esFuncionario: true, roles: [{ value: 2, label: 'Funcionario', code: 'F' }] });
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, colleague));
    renderApp('/pages/users/edit/9');
    expect(await screen.findByText(MSG.staffIdentityOnlyByAdmin)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Profesor' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('warns instead of saving an existing user without a photo', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(userEndpoints.formData, formData),
      on(userEndpoints.get, { params: { id: 9 } }, detail()),
    );
    renderApp('/pages/users/edit/9');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.photoRequired)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, userEndpoints.save)).toEqual([]);
  });

  it("asks before 'Cancelar - Volver' drops typed changes, and leaves at once when nothing changed", async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, detail()));
    const user = userEvent.setup();
    const { router } = renderApp('/pages/users/edit/9');
    const nombre = await screen.findByRole('textbox', { name: 'Nombre' });
    await user.type(nombre, 'x');
    await user.click(screen.getByRole('button', { name: 'Cancelar - Volver' }));
    expect(await screen.findByText('Hay cambios sin guardar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, Volver' }));
    expect(router.state.location.pathname).toBe('/pages/users/edit/9');
    await user.click(screen.getByRole('button', { name: 'Cancelar - Volver' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/users'));
  });

  it('checks a chosen photo before any upload', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi(
      on(userEndpoints.formData, formData),
      on(userEndpoints.get, { params: { id: 9 } }, detail()),
    );
    renderApp('/pages/users/edit/9');
    await screen.findByRole('button', { name: 'Elegir foto' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(MSG.photoTypeInvalid)).toBeInTheDocument();
    const big = new File([new Uint8Array(5_000_001)], 'grande.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MSG.photoTooLarge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir foto' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/photo'))).toBe(false);
  });

  it('sends an unknown user back to the list with the spec message', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(userEndpoints.formData, formData),
      on(userEndpoints.get, { params: { id: 999 } }, fail(404, { error: MSG.userNotFound })),
      on(userEndpoints.list, { items: [], totalItemsCount: 0 }),
    );
    const { router } = renderApp('/pages/users/edit/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/users'));
    expect(await screen.findByText(MSG.userNotFound)).toBeInTheDocument();
  });
});

describe('own ficha', () => {
  it('shows the banner and keeps identity read-only for a student; saving asks for the emergency contact', async () => {
    storeUser(makeUser({ esAlumno: true, id: 9 }));
    const fetchMock = mockApi(on(userEndpoints.formData, formData), on(userEndpoints.profile, detail()));
    renderApp('/pages/account/edit-profile');
    expect(await screen.findByText(MSG.updateProfileBanner)).toBeInTheDocument();
    // The banner says what is missing (issue 34 item 19).
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Contacto de emergencia');
    expect(banner).toHaveTextContent('Número de emergencia');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Número de documento' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('checkbox', { name: 'Profesor' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.emergencyContactRequired)).toBeInTheDocument();
    const posts = callsTo(fetchMock, userEndpoints.saveProfile);
    expect(posts).toEqual([]);
  });
});
