import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { typeKeys } from '../test/type-keys';
import { calificacionRefusal, CalificacionInput } from './score-input';
import { toast } from './toast';
import { useAutosavedCells } from './use-autosaved-cells';

/** Two autosaved cells as a screen has them: out of 20 with two decimals, and a whole percentage. */
function Cells({
  save,
  puntaje = null,
  porcentaje = null,
}: {
  save: (key: string, value: number | null) => Promise<void>;
  puntaje?: number | null;
  porcentaje?: number | null;
}) {
  const cells = useAutosavedCells<number | null>({ save, savedMessage: 'Guardado bien', failedMessage: 'Falló' });
  return (
    <>
      <CalificacionInput aria-label="Puntaje" {...cells.field('puntaje', puntaje)} max={20} decimals={2} />
      <CalificacionInput aria-label="Porcentaje" {...cells.field('porcentaje', porcentaje)} max={100} decimals={0} />
    </>
  );
}

describe('ScoreInput', () => {
  const setup = (
    save: (key: string, value: number | null) => Promise<void> = () => Promise.resolve(),
    stored: { puntaje?: number; porcentaje?: number } = {},
  ) => {
    const spy = vi.fn(save);
    const view = render(
      <TestProviders>
        <Cells save={spy} {...stored} />
      </TestProviders>,
    );
    return {
      user: userEvent.setup(),
      save: spy,
      view,
      puntaje: screen.getByRole('textbox', { name: 'Puntaje' }),
      porcentaje: screen.getByRole('textbox', { name: 'Porcentaje' }),
    };
  };
  /** Each cell's own save ends with its mark; marks are found by the cell's label. */
  const savedMark = (input: HTMLElement) =>
    within(input.closest('.mantine-TextInput-root') as HTMLElement).findByLabelText('Guardado');

  it("keeps '25' typed with a maximum of 20, says 'Máximo 20' and saves nothing", async () => {
    const { user, save, puntaje, porcentaje } = setup();
    typeKeys(puntaje, '25');
    expect(puntaje).toHaveValue('25');
    expect(screen.getByText('Máximo 20')).toBeInTheDocument();
    expect(puntaje).toHaveAttribute('aria-invalid', 'true');
    // A figure typed after it in the other cell saves; the first cell's '2', had it been kept, would have gone first.
    await user.type(porcentaje, '90');
    await savedMark(porcentaje);
    expect(save.mock.calls).toEqual([['porcentaje', 90]]);
    expect(puntaje).toHaveValue('25');
    expect(screen.getAllByLabelText('Guardado')).toHaveLength(1);
  });

  it('saves the figure once it is back in range, and the message goes', async () => {
    const { user, save, puntaje } = setup();
    typeKeys(puntaje, '25');
    await user.type(puntaje, '{Backspace}');
    await savedMark(puntaje);
    expect(puntaje).toHaveValue('2');
    expect(screen.queryByText('Máximo 20')).not.toBeInTheDocument();
    expect(save.mock.calls).toEqual([['puntaje', 2]]);
  });

  it('keeps a negative figure and extra decimals as typed, each refused with its reason', async () => {
    const { user, puntaje, porcentaje } = setup();
    typeKeys(puntaje, '7.555');
    expect(puntaje).toHaveValue('7.555');
    expect(screen.getByText('Hasta 2 decimales')).toBeInTheDocument();
    typeKeys(porcentaje, '-5');
    expect(porcentaje).toHaveValue('-5');
    expect(screen.getByText('Mínimo 0')).toBeInTheDocument();
    // The comma is the decimal separator: kept as typed, judged as 7,5.
    await user.clear(porcentaje);
    await user.type(porcentaje, '7,5');
    expect(porcentaje).toHaveValue('7,5');
    expect(screen.getByText('Sólo números enteros')).toBeInTheDocument();
  });

  it('shows one toast for a burst of saves, not one per cell', async () => {
    const success = vi.spyOn(toast, 'success');
    // The first save answers only once the second cell has been typed and sent: one burst.
    let answer = () => undefined as void;
    const first = new Promise<void>((resolve) => (answer = resolve));
    const { user, save, puntaje, porcentaje } = setup((key) => (key === 'puntaje' ? first : Promise.resolve()));
    await user.type(puntaje, '18');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await user.type(porcentaje, '90');
    await savedMark(porcentaje);
    answer();
    await savedMark(puntaje);
    expect(success.mock.calls).toEqual([['Guardado bien']]);
  });

  it('tells a failure, and no success, when a save of the burst failed', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    let fail = () => undefined as void;
    const first = new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('red'))));
    const { user, save, puntaje, porcentaje } = setup((key) => (key === 'puntaje' ? first : Promise.resolve()));
    await user.type(puntaje, '18');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await user.type(porcentaje, '90');
    await savedMark(porcentaje);
    fail();
    expect(await screen.findByLabelText('No se pudo guardar')).toBeInTheDocument();
    expect(error.mock.calls).toEqual([['Falló']]);
    expect(success).not.toHaveBeenCalled();
  });

  it('shows a stored figure as it is, judged only once typed, and saves nothing for a visit to the cell', async () => {
    // An exam's PP copied from its subject may have decimals its own whole-number field does not take.
    const { user, save, puntaje, porcentaje } = setup(undefined, { puntaje: 7, porcentaje: 62.45 });
    expect(porcentaje).toHaveValue('62,45');
    expect(porcentaje).not.toHaveAttribute('aria-invalid');
    await user.click(porcentaje);
    await user.click(puntaje);
    await user.tab();
    expect(porcentaje).toHaveValue('62,45');
    expect(screen.queryByText('Sólo números enteros')).not.toBeInTheDocument();
    // A figure typed after the visits saves alone.
    await user.type(puntaje, '{Backspace}8');
    await savedMark(puntaje);
    expect(save.mock.calls).toEqual([['puntaje', 8]]);
  });

  it("saves '7,5' and '7.5' as 7.5 and '90,5' as 90.5, each shown with the comma once the server keeps it", async () => {
    const save = vi.fn((_key: string, _value: number | null) => Promise.resolve());
    const decimals = () => (
      <TestProviders>
        <Cells save={save} puntaje={stored.puntaje} porcentaje={stored.porcentaje} />
      </TestProviders>
    );
    const stored: { puntaje: number | null; porcentaje: number | null } = { puntaje: null, porcentaje: null };
    const user = userEvent.setup();
    const view = render(decimals());
    const puntaje = screen.getByRole('textbox', { name: 'Puntaje' });
    await user.type(puntaje, '7,5');
    await savedMark(puntaje);
    expect(puntaje).toHaveValue('7,5');
    await user.clear(puntaje);
    await user.type(puntaje, '7.5');
    await waitFor(() => expect(save).toHaveBeenLastCalledWith('puntaje', 7.5));
    expect(puntaje).toHaveValue('7.5');
    // Never 75, nor any figure but 7,5 (and the emptied cell in between).
    expect(save.mock.calls.filter(([, v]) => v !== 7.5 && v !== null)).toEqual([]);
    // What the server keeps comes back as a number and is written the Paraguayan way.
    stored.puntaje = 7.5;
    stored.porcentaje = 90.5;
    view.rerender(decimals());
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Puntaje' })).toHaveValue('7,5');
    expect(screen.getByRole('textbox', { name: 'Porcentaje' })).toHaveValue('90,5');
  });

  it('shows a new figure from the server in place of the one on screen', () => {
    const save = () => Promise.resolve();
    const { view, puntaje } = setup(save);
    expect(puntaje).toHaveValue('');
    view.rerender(
      <TestProviders>
        <Cells save={save} puntaje={12.5} />
      </TestProviders>,
    );
    expect(puntaje).toHaveValue('12,5');
  });
});

describe('scoreRefusal', () => {
  it('accepts an empty cell and figures in range with the decimals allowed', () => {
    expect(calificacionRefusal('', { max: 20, decimals: 2 })).toBeNull();
    expect(calificacionRefusal('20', { max: 20, decimals: 2 })).toBeNull();
    expect(calificacionRefusal('7.', { max: 20, decimals: 0 })).toBeNull();
    expect(calificacionRefusal('0.25', { max: 20, decimals: 2 })).toBeNull();
  });

  it('refuses what cannot be saved with its reason', () => {
    expect(calificacionRefusal('20.01', { max: 20, decimals: 2 })).toBe('Máximo 20');
    expect(calificacionRefusal('150', { max: 100, decimals: 0 })).toBe('Máximo 100');
    expect(calificacionRefusal('-1', { max: 100, decimals: 0 })).toBe('Mínimo 0');
    expect(calificacionRefusal('-', { max: 100, decimals: 0 })).toBe('Debe ingresar un número');
  });
});
