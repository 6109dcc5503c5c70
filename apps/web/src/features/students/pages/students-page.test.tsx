import { alumnoEndpoints, type AlumnoListItem, MSG } from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const row: AlumnoListItem = {
  id: 4,
  numeroLegajo: 20260001,
  numeroDocumento: '6123987',
  nombre: 'Teodoro',
  apellido: 'Ñumbay Recalde',
  malla: 'Plan 2023',
  carrera: 'Ingeniería Informática',
  usuarioId: 30,
  mallaId: 2,
};

describe('Alumnos del Sistema', () => {
  it('lists records with their actions', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(alumnoEndpoints.list, { items: [row], totalItemsCount: 1 }));
    renderApp('/pages/students');
    const tr = (await screen.findByText('Teodoro')).closest('tr')!;
    expect(within(tr).getByText('6.123.987')).toBeInTheDocument();
    expect(within(tr).getByText('Plan 2023')).toBeInTheDocument();
    expect(within(tr).getByRole('link', { name: 'Ver estado académico' })).toHaveAttribute(
      'href',
      '/pages/reporte-alumnos/academic-status/4',
    );
    expect(within(tr).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/pages/students/edit/4');
  });

  it('asks before deleting and shows the server refusal as a warning', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(
      on(alumnoEndpoints.list, { items: [row], totalItemsCount: 1 }),
      on(alumnoEndpoints.remove, { params: { id: 4 } }, fail(400, { error: MSG.studentHasEnrolments })),
    );
    renderApp('/pages/students');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    expect(
      await screen.findByText(/¿Está seguro de que desea eliminar la ficha del alumno Ñumbay Recalde, Teodoro/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sí, borrar alumno' }));
    expect(await screen.findByText(MSG.studentHasEnrolments)).toBeInTheDocument();
  });
});

describe('student record form', () => {
  it('answers the spec 02 messages', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(alumnoEndpoints.mallas, { mallas: [{ value: 2, label: 'Plan 2023 - Ingeniería Informática' }] }),
      on(alumnoEndpoints.selectValues, { query: {} }, { alumnos: [] }),
    );
    renderApp('/pages/students/new');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.studentUserRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.studentMallaRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.legajoInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.fechaIngresoRequired)).toBeInTheDocument();
  });
});
