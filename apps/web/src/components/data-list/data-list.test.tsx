import type { PageReply } from '@arandu/shared';
import { queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { TestProviders } from '../../test/render';
import { DataList, activeFilters, resultText, type ListRequest } from './data-list';
import { SearchInput } from './search-input';

interface Row {
  id: number;
  nombre: string;
}
interface Filters {
  search: string;
}

const people: Row[] = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, nombre: `Persona ${i + 1}` }));

/** A fake server: filters by text, pages, and records every request it gets. */
function fakeServer(rows: Row[] = people) {
  const requests: ListRequest<Filters>[] = [];
  const fetchPage = vi.fn(async (request: ListRequest<Filters>): Promise<PageReply<Row>> => {
    requests.push(request);
    const text = request.filters.search?.toLowerCase();
    const found = text ? rows.filter((r) => r.nombre.toLowerCase().includes(text)) : rows;
    const start = (request.page - 1) * request.pageSize;
    return { items: found.slice(start, start + request.pageSize), totalItemsCount: found.length };
  });
  const query = (request: ListRequest<Filters>) =>
    queryOptions({ queryKey: ['people', request], queryFn: () => fetchPage(request) });
  return { requests, fetchPage, query };
}

function renderList(server = fakeServer()) {
  render(
    <TestProviders>
      <DataList
        label="Personas"
        query={server.query}
        columns={[
          { accessor: 'id', title: '#' },
          { accessor: 'nombre', title: 'Nombre' },
        ]}
        emptyFilters={{ search: '' }}
        renderFilters={({ values, set }) => <SearchInput value={values.search} onChange={(v) => set('search', v)} />}
        loadError="Error al intentar cargar la lista de personas"
      />
    </TestProviders>,
  );
  return server;
}

describe('DataList', () => {
  it('asks the server for page 1 of 25 and shows the result info', async () => {
    const server = renderList();
    expect(await screen.findByText('Persona 1')).toBeInTheDocument();
    expect(server.requests[0]).toEqual({ page: 1, pageSize: 25, filters: {} });
    expect(screen.getByText('Resultado 1 - 25 de 120 registros')).toBeInTheDocument();
    expect(screen.queryByText('Persona 26')).not.toBeInTheDocument();
  });

  it('pages with first, last, neighbours and an ellipsis', async () => {
    const server = renderList();
    await screen.findByText('Persona 1');
    const user = userEvent.setup();
    // 120 rows in pages of 25: 1 2 … 5 around page 1.
    expect(screen.getByRole('button', { name: '5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Última página' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(await screen.findByText('Persona 120')).toBeInTheDocument();
    expect(server.requests.at(-1)).toMatchObject({ page: 5, pageSize: 25 });
    expect(screen.getByText('Resultado 101 - 120 de 120 registros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Primera página' }));
    expect(await screen.findByText('Persona 1')).toBeInTheDocument();
  });

  it('searches with Búsqueda / Buscar, hides the panel, and Limpiar filtros brings everything back', async () => {
    const server = renderList();
    await screen.findByText('Persona 1');
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Búsqueda' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Auto-ocultar buscador')).toBeChecked();
    const input = screen.getByLabelText('Buscar');
    expect(input).toHaveAttribute('maxlength', '32');
    await user.type(input, '  persona 12  ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Resultado 1 - 2 de 2 registros')).toBeInTheDocument();
    expect(server.requests.at(-1)).toEqual({ page: 1, pageSize: 25, filters: { search: 'persona 12' } });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText('Resultado 1 - 25 de 120 registros')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
  });

  it('keeps the panel open when Auto-ocultar buscador is off, and Enter searches', async () => {
    renderList();
    await screen.findByText('Persona 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Búsqueda' }));
    await user.click(screen.getByLabelText('Auto-ocultar buscador'));
    await user.type(screen.getByLabelText('Buscar'), 'nadie{Enter}');
    expect(await screen.findByText('No se encontraron resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Búsqueda' })).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem('arandu.list.autoHide')).toBe('false');
  });

  it('toasts the spec message when the list cannot be loaded', async () => {
    const server = fakeServer();
    server.fetchPage.mockRejectedValue(new Error('caído'));
    renderList(server);
    // The toast and the alert above the table, with a way to try again.
    await waitFor(() => expect(screen.getAllByText('Error al intentar cargar la lista de personas')).toHaveLength(2));
    server.fetchPage.mockImplementation(async () => ({ items: [{ id: 1, nombre: 'Vuelta' }], totalItemsCount: 1 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Vuelta')).toBeInTheDocument();
  });

  it('shows no load error of its own when the session has ended (the app toasts that once)', async () => {
    const server = fakeServer();
    server.fetchPage.mockRejectedValue(new ApiError(401, { error: 'Su sesión ha expirado' }));
    renderList(server);
    await waitFor(() => expect(server.fetchPage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Error al intentar cargar la lista de personas')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });
});

describe('list helpers', () => {
  it('writes the result info and drops empty filters', () => {
    expect(resultText(26, 50, 120)).toBe('Resultado 26 - 50 de 120 registros');
    expect(activeFilters({ search: '  ', roles: [], tipo: 0, usuario: null, tabla: ' usuarios ' })).toEqual({
      tipo: 0,
      tabla: 'usuarios',
    });
  });
});
