import { alumnoEndpoints, CORRELATIVA_MSG, mallaEndpoints, type MallaMateriaRow } from '@arandu/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { ExcepcionesModal } from './excepciones-modal';

const row = {
  id: 40,
  materiaId: 9,
  materia: 'Bases de Datos II',
  codigoMateria: 'INF061',
  semestreNroOrden: 6,
  areaConocimiento: null,
  horasLaboratorioSemestral: 0,
  horasPracticaSemestral: 0,
  horasTeoriaSemestral: 0,
  cantidadOfertas: 1,
  correlativas: [{ materiaMallaId: 30, materia: 'Algoritmos y Complejidad', condicion: 'regular' }],
} as unknown as MallaMateriaRow;

const EXISTING = {
  id: 1,
  perfilAlumnoId: 5,
  alumno: '20240001 - Benítez, Rosa',
  motivo: 'Equivalencia en trámite (Res. FI N.º 204/2026)',
  otorgadaPor: 'Funcionaria Demo',
  fecha: '2026-11-20T13:00:00.000Z',
};

describe('Excepciones de correlativas', () => {
  it('lists the granted ones and grants another after the reason is valid and the grant confirmed', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    let items = [EXISTING];
    // The list's GETs have no body: only the grants' bodies are compared.
    const fetchMock = mockApi(
      on(mallaEndpoints.listExceptions, { params: { id: 3, materiaMallaId: 40 } }, () => ({ items })),
      on(alumnoEndpoints.list, (body) => ({
        items: [
          {
            id: 7,
            numeroLegajo: 20250007,
            numeroDocumento: '1',
            nombre: 'Teodoro',
            apellido: 'Ñumbay',
            malla: 'x',
            carrera: 'x',
            usuarioId: 70,
            mallaId: 3,
          },
          {
            id: 8,
            numeroLegajo: 20250008,
            numeroDocumento: '2',
            nombre: 'Otra',
            apellido: 'Malla',
            malla: 'y',
            carrera: 'y',
            usuarioId: 80,
            mallaId: 4,
          },
        ].filter((s) => s.mallaId === (body as { filters?: { mallaId?: number } }).filters?.mallaId),
        totalItemsCount: 1,
      })),
      on(mallaEndpoints.grantException, { params: { id: 3, materiaMallaId: 40 } }, () => {
        items = [{ ...EXISTING, id: 2, perfilAlumnoId: 7, alumno: '20250007 - Ñumbay, Teodoro' }, ...items];
        return { id: 2 };
      }),
    );
    render(
      <TestProviders>
        <ExcepcionesModal mallaId={3} row={row} onClose={() => undefined} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excepciones de correlativas' });
    const list = await within(dialog).findByRole('list', { name: 'Excepciones otorgadas' });
    expect(within(list).getByText(EXISTING.motivo)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: 'Alumno' }));
    // Only the malla's students are offered.
    expect(await screen.findByRole('option', { name: '20250007 - Ñumbay, Teodoro' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Malla, Otra/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '20250007 - Ñumbay, Teodoro' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'corto');
    await user.click(within(dialog).getByRole('button', { name: 'Otorgar excepción' }));
    expect(await within(dialog).findByText(CORRELATIVA_MSG.exceptionMotivo)).toBeInTheDocument();
    expect(
      bodiesSentTo(fetchMock, mallaEndpoints.grantException, { params: { id: 3, materiaMallaId: 40 } }).filter(Boolean),
    ).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), ': Resolución 12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Otorgar excepción' }));
    const confirm = await screen.findByRole('dialog', { name: CORRELATIVA_MSG.exceptionConfirmTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Sí, otorgar' }));
    expect(await screen.findByText(CORRELATIVA_MSG.exceptionGranted)).toBeInTheDocument();
    expect(
      bodiesSentTo(fetchMock, mallaEndpoints.grantException, { params: { id: 3, materiaMallaId: 40 } }).filter(Boolean),
    ).toEqual([{ perfilAlumnoId: 7, motivo: 'corto: Resolución 12/2026' }]);
    expect(await within(list).findByText('20250007 - Ñumbay, Teodoro')).toBeInTheDocument();
  });
});
