import {
  alertsEndpoints,
  ENROL_MSG,
  enrolmentEndpoints,
  type InscripcionItem,
  MSG_TEACHING,
  type TableroAlumnoItem,
} from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const item: InscripcionItem = {
  id: 40,
  perfilAlumnoId: 7,
  mallaId: 2,
  mallaNombre: 'Plan 2023',
  semestreId: 2,
  semestreNombre: '2º',
  materiaId: 5,
  materiaCodigo: 'INF-201',
  materiaNombre: 'Cálculo II',
  materiaPeriodoId: 11,
  seccion: 'A',
  numeroLegajo: 20260001,
  nombreAlumno: 'Teodoro',
  apellidoAlumno: 'Ñumbay',
  nombreMalla: 'Plan 2023',
  nombreCarrera: 'Ingeniería Informática',
  numeroSemestre: 2,
  periodo: { value: 3, label: '2026 - Segundo Semestre' },
  porcentajeAsistencia: 92.5,
  porcentajePP: null,
  cantidadTareas: 0,
  mostrarEnTablero: false,
  estado: { value: 0, label: 'Preliminar' },
};
const formData = (enableInscripcion: boolean) => ({
  periodos: [],
  semestres: [],
  enableInscription: enableInscripcion,
});

describe('Inscripciones a materias', () => {
  it("gives the student the star and 'Inscríbase Aquí' while the window is open", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(enrolmentEndpoints.listFormData, formData(true)),
      on(enrolmentEndpoints.listMine, { items: [item], totalItemsCount: 1, enableInscription: true }),
      on(enrolmentEndpoints.toggleTablero, { mostrarEnTablero: true }),
    );
    const { router } = renderApp('/pages/student-subjects');
    const user = userEvent.setup();
    const tr = (await screen.findByText('Cálculo II - A')).closest('tr')!;
    expect(within(tr).getByText('93 %')).toBeInTheDocument();
    expect(within(tr).queryByText('Ñumbay, Teodoro')).toBeNull();
    expect(within(tr).getByRole('link', { name: ENROL_MSG.verTareas })).toHaveAttribute(
      'href',
      '/pages/student-tasks/11',
    );
    await user.click(within(tr).getByRole('button', { name: /Agregar al tablero/ }));
    expect(await screen.findByText(ENROL_MSG.tableroAdded)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ENROL_MSG.inscribaseAqui }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/account/edit-profile'));
    expect(localStorage.getItem('editProfile')).toBe('true');
  });

  it("hides 'Inscríbase Aquí' once the window closes", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(enrolmentEndpoints.listFormData, formData(false)),
      on(enrolmentEndpoints.listMine, { items: [item], totalItemsCount: 1, enableInscription: false }),
    );
    renderApp('/pages/student-subjects');
    await screen.findByText('Cálculo II - A');
    expect(screen.queryByRole('button', { name: ENROL_MSG.inscribaseAqui })).toBeNull();
  });

  it('shows staff the student column and deletes after confirmation', async () => {
    storeUser(makeUser({ esAdmin: true }));
    mockApi(
      on(enrolmentEndpoints.listFormData, formData(true)),
      on(enrolmentEndpoints.listAll, { items: [item], totalItemsCount: 1, enableInscription: true }),
      on(enrolmentEndpoints.remove, { params: { id: 40 } }, () => undefined),
    );
    renderApp('/pages/student-subjects');
    const user = userEvent.setup();
    const tr = (await screen.findByText('Ñumbay, Teodoro')).closest('tr')!;
    expect(screen.getByRole('link', { name: ENROL_MSG.nuevaInscripcion })).toHaveAttribute(
      'href',
      '/pages/student-subjects/inscription/new',
    );
    expect(within(tr).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/pages/student-subjects/edit/40');
    await user.click(within(tr).getByRole('button', { name: 'Borrar' }));
    await user.click(await screen.findByRole('button', { name: 'Si, Borrar' }));
    expect(await screen.findByText(ENROL_MSG.deleted)).toBeInTheDocument();
  });
});

describe('Tablero del alumno', () => {
  const card: TableroAlumnoItem = {
    id: 11,
    inscripcionId: 40,
    seccion: 'A',
    codigoMateria: 'INF-201',
    materia: 'Cálculo II',
    carrera: 'Ingeniería Informática',
    semestre: 2,
    anho: 2026,
    porcentajeAsistencia: 90,
    porcentajePP: 75,
    estado: { value: 2, label: 'Sellado' },
    rendimientoAlumno: {
      fechaPublicado: '2026-07-10T12:00:00.000Z',
      fechaSellado: '2026-07-20T12:00:00.000Z',
      fechaExpiracion: '2027-07-10T12:00:00.000Z',
    },
  };

  it('shows a card per starred subject, opening its detail', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(on(enrolmentEndpoints.tablero, [card]), on(alertsEndpoints.mine, []));
    renderApp('/pages/student-dashboard');
    const link = await screen.findByRole('link', { name: /^Cálculo II - Sección A/ });
    expect(link).toHaveAttribute('href', '/pages/student-subjects/11');
    expect(within(link).getByText('Sellado: 20/07/2026')).toBeInTheDocument();
    expect(within(link).getByText('Vence: 10/07/2027')).toBeInTheDocument();
    expect(within(link).getByText('75 %')).toBeInTheDocument();
    // No internal id on the card (issue 43: it read '#11').
    expect(link).not.toHaveTextContent(/#\d/);
  });

  it('shows the early warnings above the cards, each linking to its subject', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(enrolmentEndpoints.tablero, [card]),
      on(alertsEndpoints.mine, [
        {
          materiaPeriodoId: 11,
          materia: 'Cálculo II',
          causa: 'asistencia-inalcanzable',
          detalle: 'Asistencia máxima alcanzable 60 % (mínimo para examen 70 %).',
          fecha: '2026-05-04T15:00:00.000Z',
        },
      ]),
    );
    renderApp('/pages/student-dashboard');
    const alert = await screen.findByRole('alert', { name: 'Alertas tempranas' });
    expect(within(alert).getByRole('link', { name: 'Cálculo II' })).toHaveAttribute(
      'href',
      '/pages/student-subjects/11',
    );
    expect(within(alert).getByText('Asistencia mínima inalcanzable')).toBeInTheDocument();
    expect(within(alert).getByText('Asistencia máxima alcanzable 60 % (mínimo para examen 70 %).')).toBeInTheDocument();
    expect(within(alert).getByText('04/05/2026')).toBeInTheDocument();
  });

  it("names which PP each place shows: the card's counts unscored homework as 0, the warning's only the scored (issue 43)", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(
      on(enrolmentEndpoints.tablero, [{ ...card, porcentajePP: 6 }]),
      on(alertsEndpoints.mine, [
        {
          materiaPeriodoId: 11,
          materia: 'Cálculo II',
          causa: 'pp-bajo',
          detalle: 'PP de las tareas calificadas 20 % (mínimo 50 %): 3 de 6 tareas calificadas.',
          fecha: '2026-05-04T15:00:00.000Z',
        },
      ]),
    );
    renderApp('/pages/student-dashboard');
    const alert = await screen.findByRole('alert', { name: 'Alertas tempranas' });
    expect(within(alert).getByText(MSG_TEACHING.ppAlertaAyuda)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /^Cálculo II - Sección A/ });
    expect(within(link).getByText('PP acumulado')).toBeInTheDocument();
    expect(within(link).getByText('6 %')).toBeInTheDocument();
    expect(within(link).queryByText('PP')).not.toBeInTheDocument();
  });

  it('says what to do when nothing is starred', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi(on(enrolmentEndpoints.tablero, []), on(alertsEndpoints.mine, []));
    renderApp('/pages/student-dashboard');
    expect(await screen.findByText(ENROL_MSG.dashboardEmpty)).toBeInTheDocument();
  });
});
