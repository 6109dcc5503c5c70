import { MSG_PLANNING as M, type PlanningCreation } from '@arandu/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSentTo, json, makeUser, mockApi, storeUser } from '../../../test/api-mock';
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
function pages(canEdit = true): Record<number, object> {
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

function mockPlanning(data: Record<number, object>, extra: Record<string, () => Response> = {}) {
  const handlers: Record<string, () => Response> = {
    'GET /api/planning/form-data': () => json({ DuracionActividad: [{ value: 1, label: '1 semana' }] }),
    'GET /api/planning/list-old-plannings/12': () =>
      json([{ id: 3, anho: 2025, seccion: 'A', periodo: '2025 - Segundo Semestre' }]),
    ...extra,
  };
  for (let n = 1; n <= 9; n++) {
    handlers[`GET /api/planning/${MP}/page-${n}`] = () => json(data[n]);
    handlers[`POST /api/planning/page${n}`] ??= () => json({ id: 40 });
  }
  return mockApi(handlers);
}

function renderTab(editable = true) {
  return render(
    <TestProviders>
      <PlanningTab materiaPeriodoId={MP} editable={editable} />
    </TestProviders>,
  );
}

const user = () => userEvent.setup();
const stepTitle = (title: string) => screen.findByRole('heading', { name: title });

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
      expect(bodiesSentTo(fetchMock, '/api/planning/page1')).toEqual([
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
    expect(bodiesSentTo(fetchMock, '/api/planning/page1')).toEqual([]);
    await user().click(screen.getByRole('button', { name: M.create }));
    await user().click(await screen.findByRole('menuitem', { name: M.createNew }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si, Crear' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/planning/page1')).toEqual([
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
  it('saves a step on Siguiente and moves on; a step with missing texts is not sent', async () => {
    const fetchMock = mockPlanning(pages());
    renderTab();
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    expect(await screen.findByText('CB101 - Cálculo I')).toBeInTheDocument();
    expect(screen.getByLabelText('Total horas semanal')).toHaveValue('6');
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Fundamentación / Contribución')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/planning/page1')).toEqual([
      {
        materiaPeriodoId: MP,
        preRequisitos: 'Ninguno',
        horasTeoriaSemanal: 4,
        horasPracticaSemanal: 2,
        horasLaboratorioSemanal: null,
        codigoClassroom: '',
      },
    ]);
    expect(await screen.findByText(M.saved)).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: M.next }));
    // Two field messages, and the toast that points at the first.
    expect(await screen.findAllByText(M.valueRequired)).toHaveLength(3);
    expect(bodiesSentTo(fetchMock, '/api/planning/page2')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Fundamentación / Contribución' })).toBeInTheDocument();
  });

  it('wraps Anterior from 1 to 9 and Siguiente from 9 to 1, without saving a read-only planning', async () => {
    const fetchMock = mockPlanning(pages(false));
    renderTab();
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    expect(screen.getByText(M.readOnly)).toBeInTheDocument();
    await user().click(await screen.findByRole('button', { name: M.previous }));
    expect(await stepTitle('Bibliografía básica / complementaria')).toBeInTheDocument();
    expect(screen.getByLabelText('Bibliografía básica')).toHaveAttribute('readonly');
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Identificación')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });

  it('asks before leaving a changed step: "No, continuar" drops the changes, "Si, guardar" saves them', async () => {
    const fetchMock = mockPlanning(pages());
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 4: Valores / Metodología / Estrategias' }));
    const valores = await screen.findByLabelText(/Valores contemplados/);
    await user().type(valores, ' y respeto');
    await user().click(screen.getByRole('button', { name: M.previous }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.unsavedText)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: M.unsavedDiscard }));
    expect(await stepTitle('Objetivos')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/planning/page4')).toEqual([]);

    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Valores / Metodología / Estrategias')).toBeInTheDocument();
    await user().type(await screen.findByLabelText(/Metodología de enseñanza/), ' prácticas');
    await user().click(screen.getByRole('button', { name: 'Paso 9: Bibliografía básica / complementaria' }));
    dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: M.unsavedSave }));
    expect(await stepTitle('Bibliografía básica / complementaria')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/planning/page4')).toEqual([
      {
        materiaPeriodoId: MP,
        valoresContemplados: 'Honestidad',
        metodologiaEnsenhanza: 'Clases prácticas',
        estrategiasEvauacion: 'Parciales',
      },
    ]);
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
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si, Quitar' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Derivar funciones')).not.toBeInTheDocument());
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await stepTitle('Valores / Metodología / Estrategias')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/planning/page3')).toEqual([
      {
        materiaPeriodoId: MP,
        objetivosMaterias: [
          { id: 81, index: 0, deleted: true, objetivo: 'Derivar funciones' },
          { id: 0, index: 1, deleted: false, objetivo: 'Integrar funciones' },
        ],
      },
    ]);
  });

  it('asks for a schedule row, and shows the server refusal of a professor', async () => {
    const fetchMock = mockPlanning(pages(), {
      'POST /api/planning/page5': () =>
        json({ error: M.profesorNotStaff, errors: { 'cronogramaClases.0.profesorMateria': M.profesorNotStaff } }, 400),
    });
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Paso 5: Cronograma de clases' }));
    await user().click(await screen.findByRole('button', { name: M.next }));
    expect(await screen.findAllByText(M.cronogramaListRequired)).not.toHaveLength(0);
    await user().click(screen.getByRole('button', { name: 'Agregar clase' }));
    await user().click(screen.getByRole('button', { name: M.next }));
    expect(await screen.findByText(M.fechaInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.unidadRequired)).toBeInTheDocument();
    // The field's message, and the toast that points at the first one.
    expect(screen.getAllByText(M.contenidosRequired)).toHaveLength(2);
    await user().type(screen.getByLabelText(/Fecha/), '10/03/2026');
    await user().type(screen.getByLabelText(/Unidad/), 'Unidad 1');
    await user().type(screen.getByLabelText(/Contenidos/), 'Límites');
    await user().click(screen.getByRole('button', { name: M.next }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/planning/page5')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, '/api/planning/page5')[0]).toMatchObject({
      cronogramaClases: [{ id: 0, fecha: '2026-03-10', profesorMateria: 5, unidad: 'Unidad 1', contenidos: 'Límites' }],
    });
    expect((await screen.findAllByText(M.profesorNotStaff)).length).toBeGreaterThan(0);
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
