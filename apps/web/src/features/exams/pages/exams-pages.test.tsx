import {
  type Examen,
  examenEndpoints,
  examenInscripcionEndpoints,
  type ExamenRow,
  type InscripcionExamen,
  type MiExamen,
  MSG_EXAMENES,
} from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { typeKeys } from '../../../test/type-keys';
import { CALCULO_EXAMEN } from '../../../test/fixtures';
import { EXAMENES_LIST_KEY } from './exams-page';

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const row = (over: Partial<ExamenRow> = {}): ExamenRow => ({
  id: 7,
  fecha: iso(-3),
  fechaLimiteInscripcion: iso(-6),
  materia: 'Cálculo I',
  codigoMateria: 'CB001',
  seccion: 'A',
  carrera: 'Ingeniería Informática',
  periodo: 'Primer periodo',
  periodoLectivo: '2026 - Primer Semestre',
  nroActa: '2026-1-0001',
  estado: { value: 0, label: 'Activo' },
  cantidadInscriptos: 12,
  ...over,
});

describe('Lista de exámenes', () => {
  it("shows 'Activo expirado', the actions of an active exam and keeps the filters between visits", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const fetchMock = mockApi(
      on(examenEndpoints.list, {
        items: [row(), row({ id: 8, estado: { value: 1, label: 'Sellado' } })],
        totalItemsCount: 2,
      }),
      on(examenEndpoints.formData, {
        carreras: [],
        periodos: [{ value: 3, label: '2026 - Primer Semestre' }],
        materias: [],
        profesores: [],
      }),
    );
    renderApp('/pages/exams');
    await screen.findAllByText('Cálculo I', {});
    const badges = screen.getAllByText('Activo expirado');
    const active = badges.map((b) => b.closest('tr')).find(Boolean)!;
    expect(within(active).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/pages/exams/edit/7');
    expect(within(active).getByRole('button', { name: 'Borrar' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Agregar nuevo examen' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Búsqueda' }));
    await user.click(screen.getByLabelText('Estado', { selector: 'input:not([type=hidden])' }));
    await user.click(await screen.findByRole('option', { name: 'Sellado' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => {
      const sent = bodiesSentTo(fetchMock, examenEndpoints.list).at(-1) as { filters: { estado?: number[] } };
      expect(sent.filters.estado).toEqual([1]);
    });
    expect(JSON.parse(localStorage.getItem(EXAMENES_LIST_KEY)!)).toMatchObject({ filters: { estado: [1] } });
  });
});

const card = (over: Partial<MiExamen> = {}): MiExamen => ({
  id: 0,
  examenId: 20,
  materia: 'Física I',
  codMateria: 'CB010',
  carrera: 'Ingeniería Informática',
  malla: 'Plan 2023',
  semestre: 1,
  fechaExamen: iso(10),
  fechaInscripcion: null,
  fechaLimiteInscripcionExamen: iso(6),
  fechaInscripcionMateria: iso(-100),
  inscripto: false,
  estadoExamen: { value: 0, label: 'Activo' },
  instancia: { value: 0, label: 'Final', item: { motivo: null } },
  causa: null,
  porcentajePP: 80,
  porcentajePF: null,
  porcentajePC: null,
  porcentajeAsistencia: 90,
  calificacion: 0,
  studentId: 55,
  rectificacion: null,
  ...over,
});

describe('Lista de mis exámenes', () => {
  it('enrols after confirming, disables enrolled cards and shows why one is blocked', async () => {
    storeUser(makeUser({ esAlumno: true }));
    const fetchMock = mockApi(
      on(examenInscripcionEndpoints.available, {
        items: [
          card(),
          card({ examenId: 21, materia: 'Álgebra', inscripto: true, id: 4 }),
          card({
            examenId: 22,
            materia: 'Química',
            porcentajeAsistencia: 50,
            causa: 'asistencia',
            instancia: { value: 3, label: 'No habilitado', item: { motivo: 'Asistencia insuficiente (mínimo 70%)' } },
          }),
        ],
        totalItemsCount: 3,
      }),
      on(examenInscripcionEndpoints.inscribirme, inscripto({ id: 9 })),
    );
    renderApp('/pages/student-exams/inscription');
    expect(await screen.findByText('Asistencia insuficiente (mínimo 70%)', {})).toBeInTheDocument();
    expect(screen.getByText('Asistencia: 50 %')).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(screen.getByText('Inscripto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inscribirme a Álgebra' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inscribirme a Química' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Inscribirme a Física I' }));
    // The test providers and the signed-in shell both hold a dialog host: either copy confirms.
    await user.click((await screen.findAllByRole('button', { name: 'Sí, inscribirme' }))[0]!);
    expect(await screen.findByText(MSG_EXAMENES.enrolled)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, examenInscripcionEndpoints.inscribirme)).toEqual([
      { examenId: 20, perfilAlumnoId: 55, id: 0, calificacion: 0 },
    ]);
  });

  it("says 'No tienes exámenes pendientes' when there is none", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(on(examenInscripcionEndpoints.available, { items: [], totalItemsCount: 0 }));
    renderApp('/pages/student-exams/inscription');
    expect(await screen.findByText('No tienes exámenes pendientes', {})).toBeInTheDocument();
  });

  it('shows a rectified PF and grade marked with its acta rectificativa, linked to its verification (issue 44)', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(examenInscripcionEndpoints.myExams, {
        items: [
          card({
            id: 4,
            inscripto: true,
            fechaExamen: iso(-30),
            estadoExamen: { value: 1, label: 'Sellado' },
            porcentajePF: 85,
            calificacion: 4,
            rectificacion: { id: 3, nroRectificacion: 'R-ACTA-1-1', codigo: 'ABCDEF123456' },
          }),
        ],
        totalItemsCount: 1,
      }),
      on(examenInscripcionEndpoints.available, { items: [], totalItemsCount: 0 }),
    );
    renderApp('/pages/student-exams');
    const mark = await screen.findByText('rectificada · R-ACTA-1-1', {});
    const row = mark.closest('tr')!;
    expect(within(row).getByText('85 %')).toBeInTheDocument();
    expect(mark.closest('a')).toHaveAttribute('href', '/verificar/ABCDEF123456');
  });
});

const inscripto = (over: Partial<InscripcionExamen> = {}): InscripcionExamen => ({
  id: 31,
  examenId: 7,
  perfilAlumnoId: 5,
  usuarioId: 50,
  fechaInscripcion: iso(-10),
  usuarioInscripcion: null,
  porcentajeAsistencia: 90,
  porcentajePP: 80,
  porcentajePF: null,
  porcentajePC: null,
  calificacion: 0,
  calificacionPendiente: true,
  instancia: { value: 0, label: 'Final', item: { motivo: null } },
  asistenciaMateria: 90,
  ppMateria: 80,
  esInconsistente: false,
  numeroDocumento: '4123456',
  nombre: 'Ana',
  apellido: 'Benítez',
  rectificacion: null,
  ...over,
});

const examenWith = (inscriptos: InscripcionExamen[]): Examen => ({
  ...CALCULO_EXAMEN,
  fecha: iso(2),
  fechaLimiteInscripcion: iso(-1),
  nroActa: 'A-1',
  estado: { value: 3, label: 'Inconsistencia de datos' },
  cantidadInscriptos: inscriptos.length,
  modificado: true,
  fechaSellado: null,
  codigoVerificacion: null,
  puedeCalificar: true,
  inscriptos,
});

describe('Examen: notas en la tabla', () => {
  it('marks the inconsistent figures in red and saves a PF on its own, showing the grade of the server', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const luisRow = inscripto({ id: 32, nombre: 'Luis', apellido: 'Ayala', porcentajePP: 40, esInconsistente: true });
    let rows = [inscripto(), luisRow];
    const fetchMock = mockApi(
      on(examenEndpoints.get, { params: { id: 7 } }, () => examenWith(rows)),
      on(
        examenEndpoints.formDataOf,
        { params: { id: 1 } },
        {
          carreras: [],
          periodos: [],
          materias: [],
          profesores: [],
        },
      ),
      on(examenInscripcionEndpoints.updateScore, () => {
        const saved = inscripto({ porcentajePF: 90, calificacion: 4, calificacionPendiente: false });
        rows = [saved, luisRow];
        return saved;
      }),
    );
    renderApp('/pages/exams/edit/7');
    const luis = (await screen.findByText('Ayala, Luis', {})).closest('tr')!;
    expect(luis).toHaveAttribute('data-inconsistente', 'true');
    expect(within(luis).getByRole('textbox', { name: '% PP de Ayala, Luis' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(luis).getByRole('textbox', { name: '% Asistencia de Ayala, Luis' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // The exam is two days ahead: no grade yet, and nobody is 'Ausente'.
    const ana = screen.getByText('Benítez, Ana').closest('tr')!;
    expect(within(ana).getByLabelText('Sin calificación todavía')).toHaveTextContent('—');
    expect(screen.queryByText(/Ausente/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    const pf = screen.getByRole('textbox', { name: '% PF de Benítez, Ana' });
    await user.type(pf, '90');
    expect(await screen.findByText(MSG_EXAMENES.scoresSaved, {})).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, examenInscripcionEndpoints.updateScore).at(-1)).toEqual({
      inscripcionId: 31,
      porcentajePF: 90,
    });
    expect(await screen.findByText('4 - Cuatro')).toBeInTheDocument();
    // Enter moves down the same column, like a spreadsheet.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: '% PF de Ayala, Luis' })).toHaveFocus();
  });

  it('asks a Recuperatorio row for its % PC inline and a Final row for its % PF, never the other (issue 30)', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const recup = inscripto({
      id: 33,
      nombre: 'Rosa',
      apellido: 'Cabrera',
      instancia: { value: 1, label: 'Recuperatorio', item: { motivo: null } },
    });
    let rows = [inscripto(), recup];
    const fetchMock = mockApi(
      on(examenEndpoints.get, { params: { id: 7 } }, () => examenWith(rows)),
      on(
        examenEndpoints.formDataOf,
        { params: { id: 1 } },
        {
          carreras: [],
          periodos: [],
          materias: [],
          profesores: [],
        },
      ),
      on(examenInscripcionEndpoints.updateScore, () => {
        const saved = { ...recup, porcentajePC: 75, calificacion: 3, calificacionPendiente: false };
        rows = [inscripto(), saved];
        return saved;
      }),
    );
    renderApp('/pages/exams/edit/7');
    const rosa = (await screen.findByText('Cabrera, Rosa', {})).closest('tr')!;
    expect(within(rosa).queryByRole('textbox', { name: '% PF de Cabrera, Rosa' })).not.toBeInTheDocument();
    expect(within(rosa).getByLabelText('% PF: no corresponde a Recuperatorio')).toHaveTextContent('—');
    const ana = screen.getByText('Benítez, Ana').closest('tr')!;
    expect(within(ana).queryByRole('textbox', { name: '% PC de Benítez, Ana' })).not.toBeInTheDocument();
    expect(within(ana).getByRole('textbox', { name: '% PF de Benítez, Ana' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(rosa).getByRole('textbox', { name: '% PC de Cabrera, Rosa' }), '75');
    expect(await screen.findByText('3 - Tres')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, examenInscripcionEndpoints.updateScore).at(-1)).toEqual({
      inscripcionId: 33,
      porcentajePC: 75,
    });
  });

  it("the 'inscripción y/o nota' form of a Recuperatorio asks for its % PC and sends no % PF (issue 30)", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const recup = inscripto({
      id: 33,
      nombre: 'Rosa',
      apellido: 'Cabrera',
      porcentajePF: 40,
      instancia: { value: 1, label: 'Recuperatorio', item: { motivo: null } },
    });
    const { inscriptos: _rows, ...examen } = examenWith([recup]);
    const fetchMock = mockApi(
      on(
        examenInscripcionEndpoints.formDataOf,
        { params: { examId: 7, loadStudents: 'true' } },
        {
          examen,
          alumnos: [{ value: 5, label: 'Cabrera, Rosa (1)', usuarioId: 50, inscripto: true }],
          calificaciones: [],
        },
      ),
      on(examenInscripcionEndpoints.get, { params: { id: 33 } }, recup),
      on(examenInscripcionEndpoints.inscribir, { ...recup, porcentajePC: 70, calificacion: 3 }),
    );
    renderApp('/pages/exams/inscription/7/33');
    const pc = await screen.findByRole('textbox', { name: '% PC' });
    expect(screen.queryByRole('textbox', { name: /% PF/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(pc, '70');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, examenInscripcionEndpoints.inscribir)).toHaveLength(1));
    const sent = bodiesSentTo(fetchMock, examenInscripcionEndpoints.inscribir)[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 33, porcentajePC: 70 });
    // Its old % PF (stored before the API refused one) is neither shown nor sent back.
    expect(sent).not.toHaveProperty('porcentajePF');
  });

  it("keeps a % PF over 100 as typed, says 'Máximo 100' and never saves it", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const ana = inscripto({ porcentajePF: 95, calificacion: 5, calificacionPendiente: false });
    let luis = inscripto({ id: 32, nombre: 'Luis', apellido: 'Ayala' });
    const fetchMock = mockApi(
      on(examenEndpoints.get, { params: { id: 7 } }, () => examenWith([ana, luis])),
      on(
        examenEndpoints.formDataOf,
        { params: { id: 1 } },
        {
          carreras: [],
          periodos: [],
          materias: [],
          profesores: [],
        },
      ),
      on(examenInscripcionEndpoints.updateScore, () => {
        luis = { ...luis, porcentajePF: 72, calificacion: 3, calificacionPendiente: false };
        return luis;
      }),
    );
    renderApp('/pages/exams/edit/7');
    const user = userEvent.setup();
    const pf = await screen.findByRole('textbox', { name: '% PF de Benítez, Ana' });
    typeKeys(pf, '0');
    expect(pf).toHaveValue('950');
    expect(screen.getByText('Máximo 100')).toBeInTheDocument();
    typeKeys(pf, '150', '');
    expect(pf).toHaveValue('150');
    expect(screen.getByText('Máximo 100')).toBeInTheDocument();
    // A figure typed after it saves; the first row's 15 (or 1, or the emptied cell) would have gone before it.
    await user.type(screen.getByRole('textbox', { name: '% PF de Ayala, Luis' }), '72');
    expect(await screen.findByText('3 - Tres')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, examenInscripcionEndpoints.updateScore)).toEqual([
      { inscripcionId: 32, porcentajePF: 72 },
    ]);
    expect(screen.getByText('5 - Cinco')).toBeInTheDocument();
  });
});
