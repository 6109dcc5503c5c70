import {
  type CallReply,
  MSG_PLANNING as M,
  type PlanningCreation,
  planningEndpoints,
  type PlanningPageNumber,
} from '@arandu/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, type MockRoute, on, storeUser } from '../../../test/api-mock';
import { TestProviders } from '../../../test/render';
import { PlanningTab } from './planning-tab';

const MP = 7;
const FIN = '2026-04-30T23:59:00-03:00';

const header = (canEditarPlaneamiento = true) => ({
  id: 40,
  materiaPeriodoId: MP,
  materiaMallaId: 12,
  canEditarPlaneamiento,
  finEditarPlaneamiento: FIN,
  profesores: [{ value: 5, label: 'Encina, Hugo' }],
});

/** The nine pages of a planning that has step 1 and 3 filled in, the others empty. */
type Pages = { [N in PlanningPageNumber]: CallReply<(typeof planningEndpoints.page)[N]> };
const PAGE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

function pages(canEdit = true): Pages {
  const h = header(canEdit);
  return {
    1: {
      ...h,
      materia: 'Cálculo I',
      codigoMateria: 'CB101',
      carrera: 'Ingeniería Informática',
      semestre: 1,
      periodo: '2026 - Primer semestre',
      anho: 2026,
      seccion: 'A',
      horarios: [
        {
          id: 1,
          dia: 'Lunes',
          horaInicio: '07:00',
          horaFin: '08:30',
          aula: 'A-101',
          tipoActividad: 'Clase teórica',
          profesor: 'Encina, Hugo',
        },
      ],
      preRequisitos: 'Ninguno',
      horasTeoriaSemanal: 4,
      horasPracticaSemanal: 2,
      horasLaboratorioSemanal: null,
      totalHorasSemanal: 6,
      codigoClassroom: null,
    },
    2: { ...h, fundamentacionMateria: null, contribucionMateria: null },
    3: { ...h, objetivosMaterias: [{ id: 81, index: 0, deleted: false, objetivo: 'Derivar funciones' }] },
    4: { ...h, valoresContemplados: 'Honestidad', metodologiaEnsenhanza: 'Clases', estrategiasEvauacion: 'Parciales' },
    5: { ...h, cronogramaClases: [] },
    6: { ...h, practicasLaboratorios: [] },
    7: { ...h, proyectosTrabajosPracticos: [] },
    8: { ...h, actividadesComplementarias: [] },
    9: { ...h, bibliografiaBasica: 'Stewart', bibliografiaComplementaria: null },
  };
}

/** The pages `data` has answer (a planning being created has only page 1); `extra` answers first. */
function mockPlanning(data: Partial<Pages>, ...extra: MockRoute[]) {
  return mockApi(
    ...extra,
    on(planningEndpoints.formData, { DuracionActividad: [{ value: 1, label: '1 semana' }] }),
    on(planningEndpoints.oldPlannings, { params: { materiaMallaId: 12 } }, [
      { id: 3, anho: 2025, seccion: 'A', periodo: '2025 - Segundo Semestre' },
    ]),
    ...PAGE_NUMBERS.filter((n) => data[n]).map((n) => on(planningEndpoints.page[n], { params: { id: MP } }, data[n]!)),
    ...PAGE_NUMBERS.map((n) => on(planningEndpoints.savePage[n], { id: 40 })),
  );
}

/** The tab on a page of its own, and another page to leave to (the wizard asks before leaving). */
function renderTab(editable = true) {
  const router = createMemoryRouter([
    { path: '/', element: <PlanningTab materiaPeriodoId={MP} editable={editable} /> },
    { path: '/otra', element: <p>Otra página</p> },
  ]);
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...view };
}

const user = () => userEvent.setup();
const stepTitle = (title: string) => screen.findByRole('heading', { name: title });
const stepButton = (n: number, title: string) => screen.getByRole('button', { name: `Paso ${n}: ${title}` });
const posts = (fetchMock: ReturnType<typeof mockPlanning>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeEach(() => {
  localStorage.clear();
  storeUser(makeUser({ esProfesor: true }));
});

describe('PlanningTab in creation mode', () => {
  const creation: PlanningCreation = {
    materiaPeriodoId: MP,
    materiaMallaId: 12,
    canEditarPlaneamiento: true,
    finEditarPlaneamiento: FIN,
  };

  it('offers a new planning or a copy of an earlier one, each after its confirmation', async () => {
    const fetchMock = mockPlanning({ 1: creation });
    renderTab();
    expect(await screen.findByText(/Fecha Límite cargar planeamiento: 30\/04\/2026/)).toBeInTheDocument();
    expect(screen.queryByText(M.download)).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByRole('menuitem', { name: M.createNew })).toBeInTheDocument();
    await user().click(await screen.findByRole('menuitem', { name: 'Copiar Planeamiento 2025/A' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Si, Copiar' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[1])).toEqual([
        { materiaPeriodoId: MP, oldMateriaPeriodoId: 3 },
      ]),
    );
    expect(await screen.findByText(M.copied)).toBeInTheDocument();
  });

  it('creates a new one with "Si, Crear" and sends nothing on "No"', async () => {
    const fetchMock = mockPlanning({ 1: creation });
    renderTab();
    await user().click(await screen.findByRole('button', { name: M.create }));
    await user().click(await screen.findByRole('menuitem', { name: M.createNew }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[1])).toEqual([]);
    await user().click(screen.getByRole('button', { name: M.create }));
    await user().click(await screen.findByRole('menuitem', { name: M.createNew }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si, Crear' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[1])).toEqual([
        { materiaPeriodoId: MP, oldMateriaPeriodoId: null },
      ]),
    );
  });

  it('only says there is no planning when it may not be created', async () => {
    mockPlanning({ 1: { ...creation, canEditarPlaneamiento: false } });
    renderTab();
    expect(await screen.findByText(M.notCreatedYet)).toBeInTheDocument();
    expect(screen.getByText(M.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.create })).not.toBeInTheDocument();
  });
});

describe('PlanningTab wizard', () => {
  it('moves with Siguiente and the named steps without saving, keeps what was typed, and saves it on Guardar', async () => {
    const fetchMock = mockPlanning(pages());
    renderTab();
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    expect(await screen.findByText('CB101 - Cálculo I')).toBeInTheDocument();
    expect(screen.getByLabelText('Total horas semanal')).toHaveValue('6');
    // Every step shows its name, not only its number.
    expect(screen.getByRole('navigation', { name: M.stepsNav })).toHaveTextContent('Cronograma de clases');
    expect(screen.getByRole('button', { name: M.save })).toBeDisabled();
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Fundamentación / Contribución')).toBeInTheDocument();

    await user().click(stepButton(4, 'Valores / Metodología / Estrategias'));
    await user().type(await screen.findByLabelText(/Valores contemplados/), ' y respeto');
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Cronograma de clases')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stepButton(4, 'Valores / Metodología / Estrategias')).toHaveAccessibleDescription(M.stepUnsaved);
    expect(screen.getByText(M.unsavedSteps('paso 4'))).toBeInTheDocument();
    await user().click(stepButton(4, 'Valores / Metodología / Estrategias'));
    expect(await screen.findByLabelText(/Valores contemplados/)).toHaveValue('Honestidad y respeto');
    // Kept from this visit: no notice of a restored draft.
    expect(screen.queryByText(M.draftRestored)).not.toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);

    await user().click(screen.getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[4])).toEqual([
      {
        materiaPeriodoId: MP,
        valoresContemplados: 'Honestidad y respeto',
        metodologiaEnsenhanza: 'Clases',
        estrategiasEvauacion: 'Parciales',
      },
    ]);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(localStorage.getItem(`arandu.planning-draft.${MP}.4`)).toBeNull();
  });

  it('Guardar saves the steps that pass and leads to the first that does not, with its messages', async () => {
    const fetchMock = mockPlanning(pages());
    renderTab();
    await user().click(await screen.findByRole('button', { name: M.next }));
    await user().type(await screen.findByRole('textbox', { name: /Fundamentación/ }), 'Base de la carrera');
    await user().click(stepButton(9, 'Bibliografía básica / complementaria'));
    await user().type(await screen.findByLabelText(/Bibliografía complementaria/), 'Apostol');
    await user().click(screen.getByRole('button', { name: M.save }));

    expect(await stepTitle('Fundamentación / Contribución')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Fundamentación/ })).toHaveValue('Base de la carrera');
    expect(
      await screen.findByText(/^Se guardó el paso 9\. No se guardó el paso 2 \(Fundamentación \/ Contribución\)/),
    ).toBeInTheDocument();
    // The field's message under 'Contribución', and the toast's.
    expect(await screen.findAllByText(new RegExp(M.valueRequired))).toHaveLength(2);
    expect(stepButton(2, 'Fundamentación / Contribución')).toHaveAccessibleDescription(M.stepInvalid);
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[2])).toEqual([]);
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[9])).toEqual([
      { materiaPeriodoId: MP, bibliografiaBasica: 'Stewart', bibliografiaComplementaria: 'Apostol' },
    ]);

    await user().type(screen.getByRole('textbox', { name: /Contribución/ }), 'Forma ingenieros');
    await user().click(screen.getByRole('button', { name: M.save }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[2])).toEqual([
        { materiaPeriodoId: MP, fundamentacionMateria: 'Base de la carrera', contribucionMateria: 'Forma ingenieros' },
      ]),
    );
  });

  it('wraps Anterior from 1 to 9 and Siguiente from 9 to 1, without saving a read-only planning', async () => {
    const fetchMock = mockPlanning(pages(false));
    renderTab();
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    expect(screen.getByText(M.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.save })).not.toBeInTheDocument();
    await user().click(await screen.findByRole('button', { name: M.previous }));
    expect(await stepTitle('Bibliografía básica / complementaria')).toBeInTheDocument();
    expect(screen.getByLabelText('Bibliografía básica')).toHaveAttribute('readonly');
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('asks before leaving the wizard with changes: "Si, guardar" saves them and leaves', async () => {
    const fetchMock = mockPlanning(pages());
    const { router } = renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 4: Valores / Metodología / Estrategias' }));
    await user().type(await screen.findByLabelText(/Metodología de enseñanza/), ' prácticas');
    await act(() => router.navigate('/otra'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.unsavedText)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: M.unsavedSave }));
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[4])).toEqual([
      {
        materiaPeriodoId: MP,
        valoresContemplados: 'Honestidad',
        metodologiaEnsenhanza: 'Clases prácticas',
        estrategiasEvauacion: 'Parciales',
      },
    ]);
  });

  it('asks before leaving the wizard with changes: "No, continuar" drops them and leaves', async () => {
    const fetchMock = mockPlanning(pages());
    const { router } = renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 4: Valores / Metodología / Estrategias' }));
    await user().type(await screen.findByLabelText(/Valores contemplados/), ' y respeto');
    await act(() => router.navigate('/otra'));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: M.unsavedDiscard }));
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    expect(localStorage.getItem(`arandu.planning-draft.${MP}.4`)).toBeNull();
  });

  it('adds rows with id 0 and the next index, and only marks a removed row deleted', async () => {
    const fetchMock = mockPlanning(pages());
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 3: Objetivos' }));
    expect(await screen.findByDisplayValue('Derivar funciones')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Agregar objetivo' }));
    const fields = await screen.findAllByLabelText(/Objetivo/);
    await user().type(fields[1]!, 'Integrar funciones');
    await user().click(screen.getByRole('button', { name: `${M.deleteRow} 1` }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, quitar' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Derivar funciones')).not.toBeInTheDocument());
    await user().click(screen.getByRole('button', { name: M.save }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[3])).toEqual([
        {
          materiaPeriodoId: MP,
          objetivosMaterias: [
            { id: 81, index: 0, deleted: true, objetivo: 'Derivar funciones' },
            { id: 0, index: 1, deleted: false, objetivo: 'Integrar funciones' },
          ],
        },
      ]),
    );
  });

  it('checks a schedule row on Guardar, and shows the server refusal of a professor', async () => {
    const fetchMock = mockPlanning(
      pages(),
      on(
        planningEndpoints.savePage[5],
        fail(400, { error: M.profesorNotStaff, errors: { 'cronogramaClases.0.profesorMateria': M.profesorNotStaff } }),
      ),
    );
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 5: Cronograma de clases' }));
    await user().click(await screen.findByRole('button', { name: 'Agregar clase' }));
    await user().click(screen.getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.unidadRequired)).toBeInTheDocument();
    expect(screen.getByText(M.contenidosRequired)).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(M.fechaInvalid)).length).toBeGreaterThan(0);
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[5])).toEqual([]);
    await user().type(screen.getByLabelText(/Fecha/), '10/03/2026');
    await user().type(screen.getByLabelText(/Unidad/), 'Unidad 1');
    await user().type(screen.getByLabelText(/Contenidos/), 'Límites');
    await user().click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[5])).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, planningEndpoints.savePage[5])[0]).toMatchObject({
      cronogramaClases: [{ id: 0, fecha: '2026-03-10', profesorMateria: 5, unidad: 'Unidad 1', contenidos: 'Límites' }],
    });
    expect((await screen.findAllByText(new RegExp(M.profesorNotStaff))).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Cronograma de clases' })).toBeInTheDocument();
  });

  it('keeps unsaved typing in the browser and restores it with a notice', async () => {
    mockPlanning(pages());
    const first = renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 9: Bibliografía básica / complementaria' }));
    await user().type(await screen.findByLabelText(/Bibliografía complementaria/), 'Apostol');
    first.unmount();

    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 9: Bibliografía básica / complementaria' }));
    expect(await screen.findByText(M.draftRestored)).toBeInTheDocument();
    expect(screen.getByLabelText(/Bibliografía complementaria/)).toHaveValue('Apostol');
    await user().click(screen.getByRole('button', { name: M.draftDiscard }));
    expect(screen.getByLabelText(/Bibliografía complementaria/)).toHaveValue('');
    expect(localStorage.getItem(`arandu.planning-draft.${MP}.9`)).toBeNull();
  });
});
