import { MSG, type UserDetail, userEndpoints, type UserFormData } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { EMPTY_USER } from '../components/user-form-values';

const formData: UserFormData = {
  paises: [{ id: 1, nombre: 'Paraguay' }],
  escalafonDocente: [],
  materias: [],
  roles: [],
  tiposAuditoria: [],
  tablasAuditoria: [],
};

/** Issue 43 item 3: a refused save of the ficha says where, and the focus goes there. */
describe('user form: where a refused save leaves the focus', () => {
  it("'Nuevo usuario' saved empty: the focus on the first field in error, not on 'Guardar'", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(userEndpoints.formData, formData));
    renderApp('/pages/users/new');
    const guardar = await screen.findByRole('button', { name: 'Guardar' });
    await userEvent.setup().click(guardar);
    expect(await screen.findByText(MSG.nombreRequired)).toBeInTheDocument();
    const first = document.querySelector('form [aria-invalid="true"]');
    expect(first).not.toBeNull();
    await waitFor(() => expect(first).toHaveFocus());
  });

  it("an existing user without a photo: the reason shown at the photo field, the focus on 'Elegir foto'", async () => {
    storeUser(makeUser({ esAdmin: true }));
    const detail = {
      ...(EMPTY_USER as unknown as UserDetail),
      id: 9,
      nombre: 'Sofía',
      apellido: 'Cáceres',
      numeroDocumento: '5678901',
      email: 'sofia@demo.edu.py',
      nacionalidadPaisId: 1,
      telefonoCelular: '0981 123 456',
      photoName: null,
      urlPhoto: null,
      esAlumno: true,
      roles: [{ value: 0, label: 'Alumno', code: 'A' }],
      categoriasProfesores: [],
    } as UserDetail;
    mockApi(on(userEndpoints.formData, formData), on(userEndpoints.get, { params: { id: 9 } }, detail));
    renderApp('/pages/users/edit/9');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar' }));
    const elegir = screen.getByRole('button', { name: 'Elegir foto' });
    const reason = await waitFor(() => {
      const found = document.getElementById('foto-error');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(within(reason).getByText(MSG.photoRequired)).toBeInTheDocument();
    expect(elegir).toHaveAccessibleDescription(MSG.photoRequired);
    await waitFor(() => expect(elegir).toHaveFocus());
  });
});
