import { attendanceEndpoints, type MateriaAlumno, MSG_TEACHING as T, myMateriaEndpoints } from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { makeAsistenciaList } from '../../../test/fixtures';

const materia: MateriaAlumno = {
  id: 5,
  inscripcionId: 71,
  materia: 'Algoritmos',
  seccion: 'A',
  carrera: 'Ingeniería Informática',
  semestre: '2026 - Segundo Semestre',
  semestreNroOrden: 2,
  anho: 2026,
  codigoMateria: 'INF-201',
  codigoClassroom: null,
  profesores: [],
  horarios: [{ id: 1, dia: { value: 1, label: 'Lunes' }, horaInicio: '07:00', horaFin: '08:30', aula: 'A-1' }],
  porcentajePP: 62.5,
  porcentajeAsistencia: 80,
  estado: { value: 1, label: 'Publicado' },
  rendimientoAlumno: { fechaPublicado: '2026-07-15T12:00:00.000Z', fechaSellado: null, fechaExpiracion: null },
  mostrarEnTablero: true,
  editarAsistencias: false,
};

const asistencias = makeAsistenciaList(
  { alcanzaMinimo: true, proyeccionAsistencia: 'alcanza' },
  {
    assists: [
      { id: 40, date: '2026-11-16', reference: 'Clase 1' },
      { id: 41, date: '2026-11-18', reference: null },
    ],
    studentAssists: [{ assistanceId: 40, studentId: 71, present: true }],
  },
);

describe('Detalle de la materia (alumno)', () => {
  it('shows the header, PP and attendance badges, own scores, and loads attendance on first opening its tab', async () => {
    storeUser(makeUser({ esAlumno: true }));
    const fetchMock = mockApi(
      on(myMateriaEndpoints.get, { params: { id: 5 } }, materia),
      on(
        myMateriaEndpoints.homework,
        { params: { id: 5 } },
        {
          items: [
            {
              id: 11,
              descripcion: 'Primer parcial',
              tipoTarea: { value: 1, label: 'Evaluada' },
              puntajeTotal: 100,
              porcentajePesoMateria: 0,
              fechaEntrega: '2026-09-10',
              entrega: null,
              puntajeObtenido: 71,
              entregada: null,
            },
          ],
          totalItemsCount: 1,
        },
      ),
      on(attendanceEndpoints.list, { params: { id: 5 } }, asistencias),
    );
    renderApp('/pages/student-subjects/5');
    expect(await screen.findByText('Algoritmos - Sección A')).toBeInTheDocument();
    // Issue 43: which PP this is (the early warning's counts only the scored homework).
    expect(screen.getByText('PP acumulado 63 %')).toBeInTheDocument();
    expect(screen.getByText('PP acumulado: cuenta como 0 las tareas aún sin calificar.')).toBeInTheDocument();
    expect(screen.getByText('Asistencia 80 %')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Horario semanal' })).toHaveTextContent('Lunes');
    const row = (await screen.findByText('Primer parcial')).closest('tr')!;
    expect(within(row).getByText('71 / 100')).toBeInTheDocument();
    expect(within(row).getByText(T.sinPeso)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, attendanceEndpoints.list, { params: { id: 5 } })).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Asistencias' }));
    const marks = await screen.findByRole('table', { name: 'Mis asistencias' });
    expect(within(marks).getByLabelText('Presente')).toBeInTheDocument();
    expect(within(marks).getByLabelText('Sin tomar')).toBeInTheDocument();
    expect(within(marks).getByText('50')).toBeInTheDocument();
  });

  it('answers a subject the student is not enrolled in with the 404 page', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(on(myMateriaEndpoints.get, { params: { id: 6 } }, fail(404, { error: T.alumnoNoInscripto })));
    renderApp('/pages/student-subjects/6');
    expect(await screen.findByText('Página no encontrada')).toBeInTheDocument();
  });
});
