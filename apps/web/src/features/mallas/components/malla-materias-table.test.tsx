import { mallaEndpoints } from '@arandu/shared';
import type { MallaMateriaRow } from '@arandu/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { MallaMateriasTable } from './malla-materias-table';

const row = {
  id: 40,
  materiaId: 9,
  materia: 'Cálculo II',
  codigoMateria: 'CB-102',
  semestreNroOrden: 2,
  areaConocimiento: null,
  horasLaboratorioSemestral: 0,
  horasPracticaSemestral: 0,
  horasTeoriaSemestral: 0,
  cantidadOfertas: 0,
  correlativas: [
    { materiaMallaId: 30, materia: 'Cálculo I', condicion: 'regular' },
    { materiaMallaId: 31, materia: 'Álgebra', condicion: 'aprobada' },
  ],
} as unknown as MallaMateriaRow;

describe('Materias de la malla', () => {
  it("names each correlative with its condition: 'Cálculo I (regularizada)' (issue 44)", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(mallaEndpoints.listMaterias, { params: { id: 3 } }, { items: [row], totalItemsCount: 1 }));
    render(
      <TestProviders>
        <MallaMateriasTable mallaId={3} />
      </TestProviders>,
    );
    expect(await screen.findByText('Cálculo I (regularizada), Álgebra (aprobada)')).toBeInTheDocument();
  });
});
