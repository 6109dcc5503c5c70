import { zRectificacionMateriaSave, zRectificacionSave } from '@arandu/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { DecimalInput } from './decimal-input';
import { RectificationForm } from './rectification/rectification-form';

/** What a person types, and the figure it means: the Paraguayan comma, the point, a homework's score. */
const TYPED = [
  ['90,5', 90.5, '90,5'],
  ['90.5', 90.5, '90,5'],
  ['7,5', 7.5, '7,5'],
] as const;

function Field({ onValue }: { onValue: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <DecimalInput
      label="Puntaje Total"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('DecimalInput: every form field for a figure with decimals', () => {
  it.each(TYPED)("takes '%s' as %s and shows it back as '%s'", async (typed, figure, shown) => {
    const onValue = vi.fn();
    render(
      <TestProviders>
        <Field onValue={onValue} />
      </TestProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Puntaje Total' });
    await userEvent.type(input, typed);
    expect(onValue).toHaveBeenLastCalledWith(figure);
    await userEvent.tab();
    expect(input).toHaveValue(shown);
  });

  it('does not take a letter, a second separator or a third decimal', async () => {
    const onValue = vi.fn();
    render(
      <TestProviders>
        <Field onValue={onValue} />
      </TestProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Puntaje Total' });
    await userEvent.type(input, '7,5a,55');
    expect(input).toHaveValue('7,55');
    expect(onValue).toHaveBeenLastCalledWith(7.55);
  });
});

interface Alumno {
  id: number;
  nombre: string;
  porcentajePP: number | null;
  porcentajeAsistencia: number | null;
}
const ALUMNO: Alumno = { id: 7, nombre: 'Ayala, Luis', porcentajePP: 68.85, porcentajeAsistencia: 71.95 };
const FIGURES = [
  ['porcentajePP', '% PP'],
  ['porcentajeAsistencia', '% Asistencia'],
] as const;

/** 'Rectificar registro' (only the figures changed, confirmed) or 'Rectificar acta' (every figure). */
function renderRectification(onlyChanged: boolean) {
  const mutateAsync = vi.fn((_body: unknown) => Promise.resolve({ nroRectificacion: 'R-1' }));
  render(
    <TestProviders>
      <RectificationForm<Alumno, 'porcentajePP' | 'porcentajeAsistencia', unknown>
        intro="Rectificación"
        rows={[ALUMNO]}
        labelOf={(a) => a.nombre}
        figuresOf={() => FIGURES}
        currentOf={(a) => ({ porcentajePP: a.porcentajePP, porcentajeAsistencia: a.porcentajeAsistencia })}
        onlyChanged={onlyChanged}
        schema={onlyChanged ? zRectificacionMateriaSave : zRectificacionSave}
        save={{ mutateAsync, isPending: false }}
        savedText="Rectificada"
        failedText="Falló"
        onDone={() => undefined}
      />
    </TestProviders>,
  );
  return mutateAsync;
}

async function chooseAndType(typed: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Alumno' }));
  await user.click(await screen.findByRole('option', { name: 'Ayala, Luis' }));
  const pp = screen.getByRole('textbox', { name: '% PP rectificado' });
  const asistencia = screen.getByRole('textbox', { name: '% Asistencia rectificado' });
  // The form opens with the figures the screen shows (69 and 72, whole, halves up), not the stored 68.85.
  expect(pp).toHaveValue('69');
  expect(asistencia).toHaveValue('72');
  await user.clear(pp);
  await user.type(pp, typed);
  fireEvent.change(screen.getByRole('textbox', { name: 'Motivo de la rectificación' }), {
    target: { value: 'Error de carga en el acta' },
  });
  await user.click(screen.getByRole('button', { name: 'Sellar rectificación' }));
  return user;
}

describe("'Rectificar registro' and 'Rectificar acta' take '90,5'", () => {
  it.each(TYPED)(
    "'Rectificar registro': '%s' is sent as %s, the untouched attendance not at all",
    async (typed, figure) => {
      const save = renderRectification(true);
      const user = await chooseAndType(typed);
      // The confirmation names the change with the comma.
      expect(await screen.findByText(`% PP: 69 → ${String(figure).replace('.', ',')}`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sí, sellar' }));
      await waitFor(() => expect(save).toHaveBeenCalled());
      expect(save.mock.calls[0]?.[0]).toEqual({
        inscripcionId: 7,
        motivo: 'Error de carga en el acta',
        porcentajePP: figure,
      });
    },
  );

  it("'Rectificar acta': '90,5' is sent as 90.5 and an untouched figure keeps its stored decimals", async () => {
    const save = renderRectification(false);
    const user = await chooseAndType('90,5');
    // Sealed only once confirmed (issue 43 item 2: 'Sellar rectificación' on an exam sealed at once).
    expect(await screen.findByText('% PP: 69 → 90,5')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sí, sellar' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[0]).toMatchObject({ porcentajePP: 90.5, porcentajeAsistencia: 71.95 });
  });
});

/** The web's source files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('every number field with decimals reads the comma', () => {
  it("leaves Mantine's NumberInput (which reads '90,5' as 905) to whole numbers and read-only totals", () => {
    const offenders: string[] = [];
    for (const file of sources(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/<NumberInput\b[\s\S]*?\/>/g)) {
        if (!/allowDecimal=\{false\}|\breadOnly\b(?!=)/.test(match[0]))
          offenders.push(`${file}: ${match[0].slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
