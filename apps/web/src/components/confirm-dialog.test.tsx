import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { confirmDialog } from './confirm-dialog';

const ask = () =>
  confirmDialog({
    title: 'Borrar malla',
    message: 'Estás seguro que deseas eliminar la malla 2020 - Ingeniería Civil?',
    confirmLabel: 'Si, Borrar malla',
    cancelLabel: 'No, Volver',
    danger: true,
  });

describe('confirmDialog', () => {
  it('resolves true when confirmed', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const answer = ask();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Si, Borrar malla' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false when cancelled, and closes', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const answer = ask();
    expect(await screen.findByText(/eliminar la malla 2020/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'No, Volver' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText(/eliminar la malla 2020/)).not.toBeInTheDocument());
  });
});
