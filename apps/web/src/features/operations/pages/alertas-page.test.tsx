import { alertsEndpoints as e, MSG_ALERTS, type EstadoAlertas } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeUser, mockApi, on, storeUser, urlOf } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const alumno = {
  perfilAlumnoId: 12,
  alumno: 'Cáceres, Sofía',
  documento: '4567890',
  materiaPeriodoId: 31,
  materia: 'Cálculo I (A)',
  causa: 'ausencias-consecutivas' as const,
  detalle: '3 ausencias seguidas, del 02/03/2026 al 16/03/2026.',
  fecha: '2026-03-17T13:05:00.000Z',
};

/** The daily job's last run: 13:05 UTC is 10:05 in Asunción (UTC-3). */
const estado = (over: Partial<EstadoAlertas> = {}): EstadoAlertas => ({
  enCurso: false,
  ultima: {
    id: 4,
    origen: 'programada',
    usuario: null,
    inicio: '2026-03-17T13:05:00.000Z',
    fin: '2026-03-17T13:06:00.000Z',
    materias: 40,
    encontradas: 5,
    nuevas: 3,
    correos: 2,
    porCausa: [
      { causa: 'ausencias-consecutivas', cantidad: 2 },
      { causa: 'pp-bajo', cantidad: 1 },
    ],
  },
  alumnos: { items: [alumno], totalItemsCount: 3 },
  ...over,
});

const page1 = { query: { page: 1, pageSize: 25 } };
const summary = { query: { page: 1, pageSize: 1 } };

describe("'Alertas tempranas' of the administrators (issue 44)", () => {
  it('shows the last run: when (Asunción), the daily job, what it found by cause and the students flagged', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(e.lastRun, summary, () => estado()),
      on(e.lastRun, page1, () => estado()),
    );
    renderApp('/pages/operaciones/alertas');
    const last = await screen.findByRole('region', { name: 'Última ejecución' });
    expect(await within(last).findByText('17/03/2026 10:05')).toBeInTheDocument();
    expect(within(last).getByText('La revisión diaria automática')).toBeInTheDocument();
    expect(within(last).getByText('40')).toBeInTheDocument();
    const causes = within(last).getByRole('region', { name: 'Alertas nuevas por causa' });
    expect(within(causes).getByTestId('causa-ausencias-consecutivas')).toHaveTextContent('Ausencias consecutivas2');
    expect(within(causes).getByTestId('causa-pp-bajo')).toHaveTextContent('PP bajo el mínimo1');
    expect(within(causes).getByTestId('causa-asistencia-inalcanzable')).toHaveTextContent('0');

    const table = await screen.findByRole('table', { name: 'Alumnos con alertas nuevas' });
    const row = (await within(table).findByText('Cáceres, Sofía')).closest('tr')!;
    expect(within(row).getByText('Documento 4.567.890')).toBeInTheDocument();
    expect(within(row).getAllByText(/3 ausencias seguidas/).length).toBeGreaterThan(0);
    expect(screen.getByText('Resultado 1 - 1 de 3 registros')).toBeInTheDocument();
  });

  it("'Ejecutar ahora' asks first naming what happens, shows it running, and toasts what was found", async () => {
    storeUser(makeUser({ esAdmin: true }));
    let ran = false;
    let release: () => void = () => {};
    const after = estado({
      ultima: {
        ...estado().ultima!,
        id: 5,
        origen: 'manual',
        usuario: 'Benítez, Ana',
        inicio: '2026-03-18T15:30:00.000Z',
        fin: '2026-03-18T15:31:00.000Z',
        encontradas: 7,
        nuevas: 2,
        correos: 1,
        porCausa: [
          { causa: 'asistencia-inalcanzable', cantidad: 1 },
          { causa: 'pp-bajo', cantidad: 1 },
        ],
      },
    });
    const fetchMock = mockApi(
      on(e.lastRun, summary, () => (ran ? after : estado())),
      on(e.lastRun, page1, () => (ran ? after : estado())),
      on(e.runNow, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        ran = true;
        return { materias: 41, encontradas: 7, alertas: 2, correos: 1 };
      }),
    );
    renderApp('/pages/operaciones/alertas');
    const user = userEvent.setup();
    await screen.findByText('La revisión diaria automática');
    await user.click(screen.getByRole('button', { name: 'Ejecutar ahora' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ejecutar ahora la revisión de alertas' });
    expect(within(dialog).getByText(/Se revisarán ahora todas las materias en curso/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Las alertas ya dadas no se repiten/)).toBeInTheDocument();
    // Nothing runs before the confirmation.
    expect(callsTo(fetchMock, e.runNow)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, ejecutar ahora' }));

    expect(await screen.findByText('Revisión en curso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ejecutar ahora' })).toHaveAttribute('data-loading'));
    release();

    expect(
      await screen.findByText(
        'Revisión terminada: 41 materias revisadas, 2 alertas nuevas (1 Asistencia mínima inalcanzable, 1 PP bajo el mínimo); 5 ya se habían dado antes; 1 correo en cola.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, e.runNow)).toHaveLength(1);
    // The screen shows the new run.
    expect(await screen.findByText('Benítez, Ana (Ejecutar ahora)')).toBeInTheDocument();
    expect(screen.getByText('18/03/2026 12:30')).toBeInTheDocument();
  });

  it('says why when a run is already in progress', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(e.lastRun, summary, () => estado()),
      on(e.lastRun, page1, () => estado()),
      on(e.runNow, () => fail(409, { error: MSG_ALERTS.runInProgress })),
    );
    renderApp('/pages/operaciones/alertas');
    const user = userEvent.setup();
    await screen.findByText('La revisión diaria automática');
    await user.click(screen.getByRole('button', { name: 'Ejecutar ahora' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, ejecutar ahora' }));
    expect(await screen.findByText(MSG_ALERTS.runInProgress)).toBeInTheDocument();
  });

  it('before any run says so, and while one holds the job the button waits', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const none = { enCurso: true, ultima: null, alumnos: { items: [], totalItemsCount: 0 } };
    mockApi(on(e.lastRun, summary, () => none));
    renderApp('/pages/operaciones/alertas');
    expect(
      await screen.findByText('La revisión de alertas todavía no se ejecutó en esta instalación.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Hay una revisión en curso')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ejecutar ahora' })).toBeDisabled();
  });

  it('tells a Funcionario the screen is for administrators, without calling the API', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const fetchMock = mockApi();
    renderApp('/pages/operaciones/alertas');
    expect(await screen.findByText(/Esta página es para los administradores/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('/api/operations'))).toBe(false);
  });
});
