import {
  alertsEndpoints,
  attendanceEndpoints,
  homeworkEndpoints,
  type MateriaPeriodo,
  materiaPeriodoEndpoints,
  MSG_TEACHING as T,
  type Tarea,
  type TareaDetail,
} from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, makeUser, mockApi, type MockRoute, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { typeKeys } from '../../../test/type-keys';
import { makeAsistenciaList } from '../../../test/fixtures';

const DAY = 86_400_000;
const mp = (over: Partial<MateriaPeriodo> = {}): MateriaPeriodo => ({
  id: 5,
  mallaId: 1,
  malla: { value: 1, label: 'Informática - Plan 2023' },
  materiaMallaId: 3,
  materiaMalla: { value: 3, label: 'INF-201 - Algoritmos' },
  materiaId: 9,
  materia: { label: 'Algoritmos' },
  periodoId: 2,
  periodo: { value: 2, label: '2026 - Segundo Semestre' },
  carrera: 'Ingeniería Informática',
  anho: 2026,
  semestreNroOrden: 2,
  codigoMateria: 'INF-201',
  profesorId: 1,
  profesorAuxiliar1Id: null,
  profesorAuxiliar2Id: null,
  profesorAuxiliar3Id: null,
  profesores: [{ id: 1, nombre: 'Ana', apellido: 'Benítez', role: 'Encargado' }],
  seccion: 'A',
  editarAsistencias: false,
  utilizaPorcentajePesoMateria: false,
  horarios: [
    {
      id: 1,
      index: 0,
      tipoActividadAcademicaHorario: 1,
      profesorId: 1,
      profesor: 'Benítez, Ana',
      dia: 1,
      horaInicio: '07:00',
      horaFin: '08:30',
      aulaId: 1,
      aula: 'A-1',
      deleted: false,
    },
  ],
  tieneHorario: true,
  cantidadInscriptos: 2,
  cupo: null,
  avisos: [],
  diasSinClases: [],
  planificadasEnDiasSinClases: [],
  enListaEspera: 0,
  estado: { value: 0, label: 'Preliminar' },
  rendimientoAlumno: { fechaPublicado: null, fechaSellado: null, fechaExpiracion: null },
  // 26/03/2099 23:59:59 in Asunción: the classes have not ended.
  finClases: '2099-03-27T02:59:59.000Z',
  finCalificarTareas: new Date(Date.now() + 30 * DAY).toISOString(),
  finEditarPlaneamiento: new Date(Date.now() + 30 * DAY).toISOString(),
  canEditTask: true,
  canEditarPlaneamiento: true,
  calculatePPFromTasks: true,
  showAssistPercentageInScores: true,
  ...over,
});

const alumnos = {
  items: [
    {
      id: 71,
      perfilAlumnoId: 1,
      numeroDocumento: '4123456',
      apellidoAlumno: 'Acosta',
      nombreAlumno: 'Lía',
      email: 'lia@x.py',
      phoneNumber: null,
      fechaInscripcion: '2026-08-02T12:00:00.000Z',
      porcentajePP: 55,
      porcentajeAsistencia: 80,
    },
  ],
  totalItemsCount: 1,
};

const tarea = (over: Partial<Tarea> = {}): Tarea => ({
  id: 11,
  materiaPeriodoId: 5,
  descripcion: 'Primer parcial',
  fechaEntrega: '2026-09-10',
  tipoTarea: { value: 1, label: 'Evaluada' },
  puntajeTotal: 100,
  porcentajePesoMateria: 0,
  cantidadInscriptos: 3,
  entrega: null,
  devolucionesPublicadasEn: null,
  ...over,
});

/** `extra` answers first, so it stands in for the calls answered here. */
function profesor(materia: MateriaPeriodo, ...extra: MockRoute[]) {
  storeUser(makeUser({ esProfesor: true }));
  return mockApi(
    ...extra,
    on(materiaPeriodoEndpoints.get, { params: { id: 5 } }, materia),
    on(materiaPeriodoEndpoints.alumnos, { params: { id: 5 } }, alumnos),
    on(alertsEndpoints.ofMateriaPeriodo, { params: { id: 5 } }, []),
  );
}

describe('Plan semestral de clases', () => {
  it('shows the header, the five tabs, and publishes after the confirmation', async () => {
    const fetchMock = profesor(
      mp(),
      on(
        homeworkEndpoints.publish,
        { params: { id: 5 } },
        {
          estado: { value: 1, label: 'Publicado' },
          rendimientoAlumno: { fechaPublicado: '2026-11-20T12:00:00.000Z', fechaSellado: null, fechaExpiracion: null },
        },
      ),
    );
    renderApp('/pages/profesor-subjects/5');
    expect(await screen.findByText('Algoritmos - Sección A')).toBeInTheDocument();
    expect(screen.getByText('1,5')).toBeInTheDocument(); // weekly hours, es-PY
    for (const name of ['Alumnos', 'Tareas', 'Planeamiento', 'Calificaciones', 'Asistencias']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText('Acosta')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findAllByText(T.publicarConfirm)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Las clases del periodo terminan el 26/03/2099.').length).toBeGreaterThan(0);
    expect(screen.getAllByText(T.publicarAntesDeFin).length).toBeGreaterThan(0);
    // Main's test render and app layout both mount a ModalsProvider for now: take the first dialog.
    await user.click(screen.getAllByRole('button', { name: 'Sí, publicar' })[0]!);
    expect(await screen.findByText(T.materiaPublicada)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, homeworkEndpoints.publish, { params: { id: 5 } })[0]).toMatchObject({ id: 5 });
  });

  it("lists the subject's early warnings with cause, figures and date", async () => {
    profesor(
      mp(),
      on(alertsEndpoints.ofMateriaPeriodo, { params: { id: 5 } }, [
        {
          perfilAlumnoId: 1,
          alumno: 'Acosta, Lía',
          causa: 'ausencias-consecutivas',
          detalle: '3 ausencias seguidas, del 02/03/2026 al 16/03/2026.',
          fecha: '2026-05-04T15:00:00.000Z',
        },
      ]),
    );
    renderApp('/pages/profesor-subjects/5');
    const table = await screen.findByRole('table', { name: 'Alertas tempranas de la materia' });
    const row = within(table).getByText('Acosta, Lía').closest('tr')!;
    expect(within(row).getByText('Ausencias consecutivas')).toBeInTheDocument();
    expect(within(row).getByText('3 ausencias seguidas, del 02/03/2026 al 16/03/2026.')).toBeInTheDocument();
    expect(within(row).getByText('04/05/2026')).toBeInTheDocument();
  });

  it('says when no student is at risk', async () => {
    profesor(mp());
    renderApp('/pages/profesor-subjects/5');
    expect(await screen.findByText(/Sin alertas: ningún alumno/)).toBeInTheDocument();
  });

  it('hides Asistencias with editarAsistencias, and lets the modal edit only what the rules allow', async () => {
    profesor(mp({ editarAsistencias: true, calculatePPFromTasks: true }));
    renderApp('/pages/profesor-subjects/5');
    expect(await screen.findByText('Acosta')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Asistencias' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Editar Asistencia \/ Notas de Acosta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Asistencia / Notas' });
    expect(within(dialog).getByText('Fecha de inscripción: 02/08/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Porcentaje de asistencia' })).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Porcentaje PP' })).toHaveAttribute('readonly');
  });

  it("lists homework with 'Sin Peso', and blocks deleting homework students handed in", async () => {
    profesor(
      mp(),
      on(
        homeworkEndpoints.list,
        { params: { id: 5 } },
        {
          items: [tarea(), tarea({ id: 12, descripcion: 'Informe', cantidadInscriptos: 0 })],
          totalItemsCount: 2,
        },
      ),
      on(homeworkEndpoints.remove, { params: { id: 12 } }, () => undefined),
    );
    renderApp('/pages/profesor-subjects/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Tareas' }));
    const row = (await screen.findByText('Primer parcial')).closest('tr')!;
    expect(within(row).getByText(T.sinPeso)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Borrar' })).toBeDisabled();
    expect(screen.getByText(/Fecha Límite Calificar Tareas/)).toBeInTheDocument();
    const other = screen.getByText('Informe').closest('tr')!;
    await user.click(within(other).getByRole('button', { name: 'Borrar' }));
    expect(
      (await screen.findAllByText('Estás seguro que deseas eliminar esta tarea "Informe"?')).length,
    ).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Si, Borrar' })[0]!);
    expect(await screen.findByText(T.tareaDeleted)).toBeInTheDocument();
  });

  it("forces type 2 'Cumplimiento' to total 1 and refuses an empty form with the spec's messages", async () => {
    profesor(mp(), on(homeworkEndpoints.list, { params: { id: 5 } }, { items: [], totalItemsCount: 0 }));
    renderApp('/pages/profesor-subjects/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Tareas' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar Nueva Tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea de clase' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getAllByText(T.valorRequired)).toHaveLength(2);
    expect(within(dialog).getByText(T.fechaRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Porcentaje Peso Materia' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Porcentaje Peso Materia' })).toHaveAttribute(
      'placeholder',
      T.materiaSinPeso,
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo Tarea' }));
    await user.click(await screen.findByRole('option', { name: 'Cumplimiento' }));
    const total = within(dialog).getByRole('textbox', { name: 'Puntaje Total' });
    await waitFor(() => expect(total).toHaveValue('1'));
    expect(total).toBeDisabled();
  });

  it("keeps a score over the homework's total as typed, says 'Máximo 20' and never saves it", async () => {
    const alumno = (inscripcionMateriaId: number, nombre: string, apellido: string) => ({
      id: 0,
      inscripcionMateriaId,
      tareaMateriaId: 11,
      numeroDocumento: `${inscripcionMateriaId}00000`,
      nombre,
      apellido,
      puntajeObtenido: null,
      secuencia: 0,
    });
    const detail: TareaDetail = {
      ...tarea({ puntajeTotal: 20 }),
      tareaMateriaAlumnos: [alumno(71, 'Lía', 'Acosta'), alumno(72, 'Teo', 'Benítez')],
      utilizaPorcentajePesoMateria: false,
      canEditTask: true,
      finCalificarTareas: mp().finCalificarTareas,
    };
    const fetchMock = profesor(
      mp(),
      on(
        homeworkEndpoints.list,
        { params: { id: 5 } },
        {
          items: [tarea({ puntajeTotal: 20 })],
          totalItemsCount: 1,
        },
      ),
      on(homeworkEndpoints.get, { params: { id: 11 } }, detail),
      on(homeworkEndpoints.updateScore, (body) => {
        const b = body as { inscripcionMateriaId: number; puntajeObtenido: number | null; secuencia: number };
        return { ...b, tareaMateriaId: 11, aplicado: true, porcentajePP: null };
      }),
    );
    renderApp('/pages/profesor-subjects/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Tareas' }));
    const row = (await screen.findByText('Primer parcial')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tarea de clase' });
    const lia = await within(dialog).findByRole('textbox', { name: 'Puntaje de Acosta, Lía' });
    typeKeys(lia, '25');
    expect(lia).toHaveValue('25');
    expect(within(dialog).getByText('Máximo 20')).toBeInTheDocument();
    expect(lia).toHaveAttribute('aria-invalid', 'true');
    // A score typed after it saves; the first cell's '2' would have gone before it.
    await user.type(within(dialog).getByRole('textbox', { name: 'Puntaje de Benítez, Teo' }), '18');
    expect(await within(dialog).findByLabelText('Guardado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, homeworkEndpoints.updateScore)).toEqual([
      expect.objectContaining({ inscripcionMateriaId: 72, puntajeObtenido: 18 }),
    ]);
  });

  it('takes attendance one student at a time, stops after the last and changes a saved mark only when asked', async () => {
    const list = makeAsistenciaList();
    const alumnosLista = [
      { studentId: 71, doc: '4123456', name: 'Lía', surname: 'Acosta', present: null },
      { studentId: 72, doc: '5123456', name: 'Teo', surname: 'Benítez', present: null },
      { studentId: 73, doc: '6123456', name: 'Ana', surname: 'Cáceres', present: false },
    ];
    // The first mark's answer waits: a second press meanwhile is ignored.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = profesor(
      mp(),
      on(
        attendanceEndpoints.formData,
        { params: { id: 5 } },
        {
          logContents: [],
          endHomework: mp().finCalificarTareas,
          canEdit: true,
          editAssistance: false,
        },
      ),
      on(attendanceEndpoints.list, { params: { id: 5 } }, list),
      on(
        attendanceEndpoints.get,
        { params: { id: 40 } },
        {
          id: 40,
          subjectPeriodId: 5,
          date: '2026-11-16',
          room: null,
          reference: 'Clase 1',
          logContentId: null,
          endHomework: mp().finCalificarTareas,
          canEdit: true,
          students: alumnosLista,
        },
      ),
      on(attendanceEndpoints.updatePresence, { params: { id: 40 } }, async (body) => {
        await answered;
        const b = body as { studentId: number; present: boolean };
        return {
          assistanceId: 40,
          studentId: b.studentId,
          present: b.present,
          aplicado: true,
          porcentajeAsistencia: 100,
        };
      }),
    );
    renderApp('/pages/profesor-subjects/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Asistencias' }));
    const grid = await screen.findByRole('table', { name: 'Asistencias' });
    expect(within(grid).getByLabelText('Ausente')).toBeInTheDocument();
    expect(within(grid).getByText('No alcanza')).toBeInTheDocument();
    expect(screen.queryByText(T.sinPlaneamiento)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opciones de la asistencia del 16/11/2026 (Clase 1)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tomar asistencia' }));
    const quick = await screen.findByRole('dialog', { name: /Tomar asistencia/ });
    expect(await within(quick).findByText('1/3')).toBeInTheDocument();
    const present = within(quick).getByRole('button', { name: 'Presente' });
    present.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(bodiesSentTo(fetchMock, attendanceEndpoints.updatePresence, { params: { id: 40 } })).toHaveLength(1);
    // The button keeps the focus while the mark saves: Enter after Enter goes on marking.
    expect(present).toHaveFocus();
    answer();
    expect(await within(quick).findByText('2/3')).toBeInTheDocument();
    expect(present).toHaveFocus();
    expect(within(quick).getByText('Benítez, Teo')).toBeInTheDocument();
    // The spec's message for the mark just taken, in the modal rather than a toast per student.
    expect(within(quick).getByRole('status')).toHaveTextContent(`${T.presenciaTomada}: Acosta, Lía, Presente`);
    await user.keyboard('{Enter}');
    // A student already marked shows the mark; Enter on the other one does not change it.
    expect(await within(quick).findByText('3/3')).toBeInTheDocument();
    expect(within(quick).getByText('Marca actual: Ausente')).toBeInTheDocument();
    expect(within(quick).getByRole('button', { name: 'Ausente' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(within(quick).getByText('Ya tiene la marca Ausente')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, attendanceEndpoints.updatePresence, { params: { id: 40 } })).toHaveLength(2);
    // Left as it is, the take stops after the last student; one Enter too many does nothing.
    await user.click(within(quick).getByRole('button', { name: 'Dejar Ausente' }));
    const done = await within(quick).findByRole('heading', { name: 'Asistencia completa' });
    expect(done).toHaveFocus();
    expect(within(quick).getByText('Presentes: 2 · Ausentes: 1')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(bodiesSentTo(fetchMock, attendanceEndpoints.updatePresence, { params: { id: 40 } })).toHaveLength(2);
    // The spec's wrap, asked for; then the saved mark changed on purpose.
    await user.click(within(quick).getByRole('button', { name: 'Volver al primero' }));
    expect(await within(quick).findByText('1/3')).toBeInTheDocument();
    expect(within(quick).getByText('Marca actual: Presente')).toBeInTheDocument();
    await user.click(within(quick).getByRole('button', { name: 'Siguiente' }));
    await user.click(within(quick).getByRole('button', { name: 'Siguiente' }));
    await user.click(within(quick).getByRole('button', { name: 'Presente' }));
    await user.click(within(quick).getByRole('button', { name: 'Cambiar a Presente' }));
    expect(await within(quick).findByText('Presentes: 3 · Ausentes: 0')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, attendanceEndpoints.updatePresence, { params: { id: 40 } })).toMatchObject([
      { studentId: 71, present: true },
      { studentId: 72, present: true },
      { studentId: 73, present: true },
    ]);
  });

  it("says 'Sin planeamiento: no se puede proyectar' instead of flagging anyone when nothing is planned", async () => {
    const list = makeAsistenciaList({
      porcentajeAsistencia: 67,
      alcanzaMinimo: true,
      proyeccionAsistencia: 'sin-planeamiento',
    });
    profesor(
      mp(),
      on(
        attendanceEndpoints.formData,
        { params: { id: 5 } },
        {
          logContents: [],
          endHomework: mp().finCalificarTareas,
          canEdit: true,
          editAssistance: false,
        },
      ),
      on(attendanceEndpoints.list, { params: { id: 5 } }, list),
    );
    renderApp('/pages/profesor-subjects/5');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Asistencias' }));
    const grid = await screen.findByRole('table', { name: 'Asistencias' });
    expect(screen.getByText(T.sinPlaneamiento)).toBeInTheDocument();
    expect(within(grid).queryByText('No alcanza')).not.toBeInTheDocument();
  });
});
