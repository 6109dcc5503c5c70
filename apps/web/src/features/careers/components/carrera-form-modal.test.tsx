import { carreraEndpoints } from '@arandu/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, on } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { CarreraFormModal } from './carrera-form-modal';

const CARRERAS = {
  1: { id: 1, nombre: 'Ingeniería Informática', codigo: 'IIN', activo: true },
  2: { id: 2, nombre: 'Ingeniería Civil', codigo: 'ICI', activo: false },
};

const at = (opened: boolean, id: number | null) => (
  <TestProviders>
    <CarreraFormModal opened={opened} id={id} onClose={() => undefined} />
  </TestProviders>
);

describe('Carrera modal', () => {
  it('shows the opened career, drops unsaved edits on closing, follows another career and starts clean for a new one', async () => {
    mockApi(
      on(carreraEndpoints.get, { params: { id: 1 } }, CARRERAS[1]),
      on(carreraEndpoints.get, { params: { id: 2 } }, CARRERAS[2]),
    );
    const { rerender } = render(at(true, 1));
    expect(await screen.findByLabelText(/Nombre/)).toHaveValue('Ingeniería Informática');
    expect(screen.getByLabelText(/Código/)).toHaveValue('IIN');
    expect(screen.getByRole('switch', { name: 'Activo?' })).toBeChecked();

    await userEvent.setup().type(screen.getByLabelText(/Nombre/), ' (borrador)');
    expect(screen.getByLabelText(/Nombre/)).toHaveValue('Ingeniería Informática (borrador)');
    rerender(at(false, 1));
    rerender(at(true, 1));
    expect(await screen.findByLabelText(/Nombre/)).toHaveValue('Ingeniería Informática');

    // Another career while the modal stays open (the list's 'Editar' of another row).
    rerender(at(true, 2));
    expect(await screen.findByDisplayValue('Ingeniería Civil')).toBeInTheDocument();
    expect(screen.getByLabelText(/Código/)).toHaveValue('ICI');
    expect(screen.getByRole('switch', { name: 'Activo?' })).not.toBeChecked();

    rerender(at(false, null));
    rerender(at(true, null));
    expect(await screen.findByRole('dialog', { name: 'Nueva carrera' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre/)).toHaveValue('');
    expect(screen.getByLabelText(/Código/)).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Activo?' })).toBeChecked();
  });
});
