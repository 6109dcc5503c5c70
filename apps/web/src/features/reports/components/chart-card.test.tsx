import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { ChartCard } from './chart-card';

const TABLE = {
  dataKey: 'semestre',
  dataLabel: 'Semestre',
  series: ['Aprobadas', 'Pendientes'],
  data: [
    { semestre: '1º', Aprobadas: 6, Pendientes: 0 },
    { semestre: '2º', Aprobadas: 1250, Pendientes: 3 },
  ],
};

const card = (props: Partial<Parameters<typeof ChartCard>[0]> = {}) =>
  render(
    <TestProviders>
      <ChartCard title="Avance por semestre" loading={false} failed={false} empty={false} table={TABLE} {...props}>
        <svg data-testid="chart" />
      </ChartCard>
    </TestProviders>,
  );

describe('ChartCard (issue 34 item 11: a chart has a text alternative)', () => {
  it('is a figure named by its title, and shows its figures as a captioned table on demand', async () => {
    card();
    expect(screen.getByRole('figure', { name: 'Gráfico: Avance por semestre' })).toContainElement(
      screen.getByTestId('chart'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Ver datos en tabla' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    const table = screen.getByRole('table', { name: 'Avance por semestre' });
    expect(screen.getByRole('button', { name: 'Ocultar tabla' })).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Semestre', 'Aprobadas', 'Pendientes']);
    const second = within(table).getByRole('row', { name: /2º/ });
    expect(
      within(second)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1.250', '3']);
  });

  it('offers no table while there is nothing drawn', () => {
    card({ empty: true });
    expect(screen.getByText('Sin datos para graficar con estos filtros.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver datos en tabla' })).not.toBeInTheDocument();
  });
});
