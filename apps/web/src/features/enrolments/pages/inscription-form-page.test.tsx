import {
  alumnoEndpoints,
  ENROL_MSG,
  enrolmentEndpoints,
  type InscripcionLine,
  type MateriasBySemesters,
} from '@arandu/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setEditProfileFlow } from '../../../lib/edit-profile-flag';
import { bodiesSentTo, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const offer = (overrides: Partial<MateriasBySemesters> = {}): MateriasBySemesters => ({
  perfilAlumnoId: 7,
  alumno: 'Ñumbay, Teodoro',
  malla: 'Ingeniería Informática - Plan 2023',
  periodo: { value: 3, label: '2026 - Segundo Semestre' },
  enableInscription: true,
  conforme: false,
  semestres: [
    {
      id: 2,
      nombre: '2º Semestre',
      materias: [
        {
          materiaPeriodoId: 11,
          nombre: 'Cálculo II',
          codigo: 'INF-201',
          seccion: 'A',
          horarios: [{ id: 1, dia: { value: 1, label: 'Lunes' }, horaInicio: '07:00', horaFin: '08:30' }],
          inscripto: true,
          aprobada: false,
        },
        {
          materiaPeriodoId: 12,
          nombre: 'Física II',
          codigo: 'INF-202',
          seccion: 'A',
          horarios: [{ id: 2, dia: { value: 3, label: 'Miércoles' }, horaInicio: '08:45', horaFin: '10:15' }],
          inscripto: false,
          aprobada: false,
        },
      ],
    },
  ],
  ...overrides,
});

const alumno = () => makeUser({ esAlumno: true });

describe('Inscripción a materias', () => {
  it('shows each subject with its slots, asks the Manifiesto in the edit-profile flow and lists the result', async () => {
    storeUser(alumno());
    setEditProfileFlow(true);
    const lines: InscripcionLine[] = [
      { materiaPeriodoId: 12, materia: 'Física II', error: 'El horario coincide con el de Cálculo II (A)' },
      { materiaPeriodoId: 11, materia: 'Cálculo II', success: ENROL_MSG.lineUnenrolled },
    ];
    const fetchMock = mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'Ñumbay, Teodoro', malla: 'x' }),
      on(enrolmentEndpoints.subjectsBySemesters, { params: { perfilAlumnoId: 7 } }, offer()),
      on(enrolmentEndpoints.saveInscription, lines),
    );
    renderApp('/pages/student-subjects/inscription/form');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: '2º Semestre' });
    expect(within(card).getByText('Lun 07:00-08:30')).toBeInTheDocument();
    expect(within(card).getByText('Mié 08:45-10:15')).toBeInTheDocument();

    await user.click(within(card).getByRole('checkbox', { name: /Física II/ }));
    await user.click(within(card).getByRole('checkbox', { name: /Cálculo II/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(ENROL_MSG.manifiestoTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ENROL_MSG.manifiestoAccept }));

    const result = await screen.findByRole('status');
    expect(
      within(result).getByText('Se inscribió en 0 de 1 materia. Se quitó la inscripción de 1 de 1 materia.'),
    ).toBeInTheDocument();
    expect(within(result).getByText(/El horario coincide con el de Cálculo II \(A\)/)).toBeInTheDocument();
    expect(within(result).getByText(new RegExp(ENROL_MSG.lineUnenrolled))).toBeInTheDocument();
    // The refused subject keeps its reason under its box; a partial save is no success to toast.
    expect(screen.getByRole('checkbox', { name: /Física II/ })).toHaveAccessibleDescription(
      /El horario coincide con el de Cálculo II \(A\)/,
    );
    expect(screen.queryByText(ENROL_MSG.saved)).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.saveInscription)).toEqual([
      {
        perfilAlumnoId: 7,
        conforme: true,
        materiasModificadas: [
          { materiaPeriodoId: 11, inscripto: false },
          { materiaPeriodoId: 12, inscripto: true },
        ],
      },
    ]);
    expect(localStorage.getItem('editProfile')).toBeNull();
  });

  it("'Validar' shows every reason of each subject and saves nothing", async () => {
    storeUser(alumno());
    setEditProfileFlow(true);
    const fetchMock = mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(enrolmentEndpoints.subjectsBySemesters, { params: { perfilAlumnoId: 7 } }, offer()),
      on(enrolmentEndpoints.validar, [
        {
          materiaPeriodoId: 12,
          materia: 'Física II',
          ok: false,
          motivos: [
            'Correlativa pendiente: Física I (regularizada)',
            'Sin cupo: al guardar quedaría en lista de espera',
          ],
        },
      ]),
    );
    renderApp('/pages/student-subjects/inscription/form');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: '2º Semestre' });
    await user.click(within(card).getByRole('checkbox', { name: /Física II/ }));
    await user.click(screen.getByRole('button', { name: ENROL_MSG.validar }));

    const answer = await screen.findByRole('status');
    expect(within(answer).getByText(ENROL_MSG.validarTitle)).toBeInTheDocument();
    expect(within(answer).getByText('Correlativa pendiente: Física I (regularizada)')).toBeInTheDocument();
    expect(within(answer).getByText('Sin cupo: al guardar quedaría en lista de espera')).toBeInTheDocument();
    // Same body as Guardar; in the edit-profile flow the Manifiesto is asked by Guardar, so not a reason here.
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.validar)).toEqual([
      { perfilAlumnoId: 7, conforme: true, materiasModificadas: [{ materiaPeriodoId: 12, inscripto: true }] },
    ]);
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.saveInscription)).toEqual([]);
    expect(screen.queryByText(ENROL_MSG.saved)).not.toBeInTheDocument();
  });

  it('toasts the success only when every line was done', async () => {
    storeUser(alumno());
    setEditProfileFlow(false);
    mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(enrolmentEndpoints.subjectsBySemesters, { params: { perfilAlumnoId: 7 } }, offer({ conforme: true })),
      on(enrolmentEndpoints.saveInscription, [
        { materiaPeriodoId: 12, materia: 'Física II', success: ENROL_MSG.lineEnrolled },
      ]),
    );
    renderApp('/pages/student-subjects/inscription/form');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Física II/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Se inscribió en 1 de 1 materia.')).toBeInTheDocument();
    expect(await screen.findByText(ENROL_MSG.saved)).toBeInTheDocument();
  });

  it("'No, Volver' sends nothing", async () => {
    storeUser(alumno());
    setEditProfileFlow(true);
    const fetchMock = mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(enrolmentEndpoints.subjectsBySemesters, { params: { perfilAlumnoId: 7 } }, offer()),
    );
    renderApp('/pages/student-subjects/inscription/form');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Física II/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(await screen.findByRole('button', { name: ENROL_MSG.manifiestoBack }));
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.saveInscription)).toEqual([]);
  });

  it('sends a student who has not accepted the Manifiesto through their ficha first', async () => {
    storeUser(alumno());
    setEditProfileFlow(false);
    mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(enrolmentEndpoints.subjectsBySemesters, { params: { perfilAlumnoId: 7 } }, offer()),
    );
    renderApp('/pages/student-subjects/inscription/form');
    expect(await screen.findByText(/acepte el Manifiesto de Conformidad/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Física II/ })).toBeDisabled();
  });

  it('tells each line before choosing: seats left, a full section, a lock with its reason, a passed subject (issue 44)', async () => {
    storeUser(alumno());
    const materias = offer().semestres[0]!.materias;
    const line = materias[1]!;
    mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(
        enrolmentEndpoints.subjectsBySemesters,
        { params: { perfilAlumnoId: 7 } },
        offer({
          conforme: true,
          semestres: [
            {
              id: 2,
              nombre: '2º Semestre',
              materias: [
                { ...line, materiaPeriodoId: 21, nombre: 'Física II', cupo: { cupo: 30, quedan: 3 }, motivos: [] },
                { ...line, materiaPeriodoId: 22, nombre: 'Química', cupo: { cupo: 20, quedan: 0 }, motivos: [] },
                {
                  ...line,
                  materiaPeriodoId: 23,
                  nombre: 'Cálculo III',
                  cupo: null,
                  motivos: ['Correlativa pendiente: Cálculo II (regularizada)'],
                },
                { ...line, materiaPeriodoId: 24, nombre: 'Álgebra', aprobada: true, cupo: null, motivos: [] },
              ],
            },
          ],
        }),
      ),
    );
    renderApp('/pages/student-subjects/inscription/form');
    const card = (name: string) =>
      screen.getByRole('checkbox', { name: new RegExp(name) }).closest('.mantine-Checkbox-root')!;
    await screen.findByText(/Física II/);
    expect(within(card('Física II') as HTMLElement).getByText('Quedan 3 lugares')).toBeInTheDocument();
    expect(within(card('Química') as HTMLElement).getByText('Sin cupo: lista de espera')).toBeInTheDocument();
    const locked = card('Cálculo III') as HTMLElement;
    expect(within(locked).getByText('Correlativa pendiente: Cálculo II (regularizada)')).toBeInTheDocument();
    expect(within(locked).getByLabelText('Bloqueada')).toBeInTheDocument();
    const passed = screen.getByRole('checkbox', { name: /Álgebra/ });
    expect(passed).toBeDisabled();
    expect(within(card('Álgebra') as HTMLElement).getByText('Aprobada')).toBeInTheDocument();
  });

  it('locks the form while the window is closed', async () => {
    storeUser(alumno());
    mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(
        enrolmentEndpoints.subjectsBySemesters,
        { params: { perfilAlumnoId: 7 } },
        offer({ enableInscription: false, conforme: true }),
      ),
    );
    renderApp('/pages/student-subjects/inscription/form');
    expect(await screen.findByText(new RegExp(ENROL_MSG.windowClosed))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveAccessibleDescription(ENROL_MSG.saveNeedsWindow);
  });

  it("before the window opens a selection is ticked and checked with 'Validar', never saved (issue 29)", async () => {
    storeUser(alumno());
    const fetchMock = mockApi(
      on(enrolmentEndpoints.myStudent, { perfilAlumnoId: 7, alumno: 'x', malla: 'x' }),
      on(
        enrolmentEndpoints.subjectsBySemesters,
        { params: { perfilAlumnoId: 7 } },
        offer({ enableInscription: false, inscripcionPorAbrir: true, conforme: false }),
      ),
      on(enrolmentEndpoints.validar, [
        {
          materiaPeriodoId: 12,
          materia: 'Física II',
          ok: false,
          motivos: [ENROL_MSG.windowNotYet, 'Correlativa pendiente: Física I (regularizada)'],
        },
      ]),
    );
    renderApp('/pages/student-subjects/inscription/form');
    expect(await screen.findByText(new RegExp(ENROL_MSG.windowNotYet))).toBeInTheDocument();
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: /Física II/ });
    expect(box).toBeEnabled();
    await user.click(box);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: ENROL_MSG.validar }));
    const answer = await screen.findByRole('status');
    expect(within(answer).getByText(ENROL_MSG.windowNotYet)).toBeInTheDocument();
    expect(within(answer).getByText('Correlativa pendiente: Física I (regularizada)')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.validar)).toHaveLength(1);
    expect(bodiesSentTo(fetchMock, enrolmentEndpoints.saveInscription)).toEqual([]);
  });

  it('asks staff to choose the student', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(alumnoEndpoints.list, { items: [], totalItemsCount: 0 }));
    renderApp('/pages/student-subjects/inscription/form');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(ENROL_MSG.alumnoRequired)).toBeInTheDocument();
  });
});
