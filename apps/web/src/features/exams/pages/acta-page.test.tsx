import {
  type Acta,
  type ActaAlumno,
  type ActaVerificacion,
  configurationEndpoints,
  examenEndpoints,
  MSG_CERTIFICATES,
  verificationEndpoints,
} from '@arandu/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { CALCULO_EXAMEN } from '../../../test/fixtures';

const alumno = (over: Partial<ActaAlumno>): ActaAlumno => ({
  id: 1,
  apellido: 'Benítez',
  nombre: 'Ana',
  numeroDocumento: '4123456',
  porcentajeAsistencia: 90,
  porcentajePP: 80,
  porcentajePF: 95,
  porcentajePC: null,
  calificacion: 5,
  calificacionPendiente: false,
  calificacionLetras: 'Cinco',
  instancia: { value: 0, label: 'Final', item: { motivo: null } },
  observacion: 'Aprobado',
  ...over,
});

const DIGEST = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const acta = (inscriptos: ActaAlumno[], sealed = true): Acta => ({
  facultad: 'Facultad de Ingeniería',
  examen: {
    ...CALCULO_EXAMEN,
    fecha: '2026-07-20T12:00:00.000Z',
    fechaLimiteInscripcion: '2026-07-15T12:00:00.000Z',
    semestre: 1,
    interventor: 'Galeano, Celeste',
    interventorAuxiliar: null,
    profesor: 'Galeano, Celeste',
    nroActa: '2026-1-0001',
    estado: sealed ? { value: 1, label: 'Sellado' } : { value: 0, label: 'Activo' },
    cantidadInscriptos: inscriptos.length,
    modificado: false,
    fechaSellado: sealed ? '2026-07-22T12:00:00.000Z' : null,
    codigoVerificacion: sealed ? '2895BD39CA41' : null,
    digesto: sealed ? DIGEST : null,
    cantidadSellada: sealed ? inscriptos.length : null,
  },
  inscriptos,
});

afterEach(() => vi.restoreAllMocks());

describe('Actas', () => {
  it('prints the final record with grade in words, signatures and the verification code, 75 ms after Imprimir', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(on(examenEndpoints.acta, { params: { id: 7, extra: 'final' } }, acta([alumno({})])));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp('/pages/exams/show-final-report/7');
    expect(await screen.findByText('ACTA DE EXAMEN FINAL', {})).toBeInTheDocument();
    expect(screen.getByText('Benítez, Ana', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Cinco')).toBeInTheDocument();
    expect(screen.getByText('Decano')).toBeInTheDocument();
    expect(screen.getByText('2895BD39CA41')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Código QR de verificación/ })).toBeInTheDocument();
    // What the public verification page shows, so a reader can compare the paper with it.
    expect(screen.getByText(DIGEST)).toBeInTheDocument();
    expect(screen.getByText(/Contenido sellado: 1 alumno\./)).toBeInTheDocument();
    expect(screen.getByText(/\/verificar\/2895BD39CA41/)).toBeInTheDocument();

    // A synchronous click: the print dialog must wait for the letterhead (75 ms).
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('leaves the grade of a student not yet examined empty in a draft acta', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const pendiente = alumno({
      porcentajePF: null,
      calificacion: 0,
      calificacionPendiente: true,
      calificacionLetras: '',
      observacion: '',
    });
    mockApi(on(examenEndpoints.acta, { params: { id: 7, extra: 'final' } }, acta([pendiente], false)));
    renderApp('/pages/exams/show-final-report/7');
    const row = (await screen.findByText('Benítez, Ana', { exact: false })).closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['', '', '']);
  });

  it("titles the make-up record after the first enrolment's instance and signs it without the dean", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi(
      on(
        examenEndpoints.acta,
        { params: { id: 7, extra: 'recuperatorio' } },
        acta(
          [alumno({ instancia: { value: 1, label: 'Recuperatorio', item: { motivo: null } }, porcentajePC: 65 })],
          false,
        ),
      ),
    );
    renderApp('/pages/exams/show-recuperatorio-report/7');
    expect(await screen.findByText('ACTA DE RECUPERATORIO', {})).toBeInTheDocument();
    expect(screen.getByText('65')).toBeInTheDocument();
    expect(screen.queryByText('Decano')).not.toBeInTheDocument();
    expect(screen.getByText('Acta sin sellar: borrador sin validez.')).toBeInTheDocument();
  });
});

describe('Verificación de acta (public)', () => {
  const verification = (over: Partial<ActaVerificacion> = {}): ActaVerificacion => ({
    codigo: '2895BD39CA41',
    nroActa: '2026-1-0001',
    materia: 'Cálculo I',
    fechaSellado: '2026-07-22T12:00:00.000Z',
    vigente: true,
    cantidadAlumnos: 3,
    distribucion: [0, 1, 2, 3, 4, 5].map((calificacion) => ({
      calificacion,
      cantidad: calificacion === 3 ? 2 : calificacion === 5 ? 1 : 0,
    })),
    digesto: DIGEST,
    reemplazada: null,
    rectificaciones: [],
    ...over,
  });

  it('shows a current acta with its students, distribution and digest, without a session', async () => {
    mockApi(
      on(
        verificationEndpoints.verify,
        { params: { codigo: '2895BD39CA41' } },
        {
          tipo: 'acta',
          acta: verification(),
        },
      ),
    );
    renderApp('/verificar/2895BD39CA41');
    expect(await screen.findByText('Acta vigente', {})).toBeInTheDocument();
    expect(screen.getByText(DIGEST)).toBeInTheDocument();
    expect(screen.getByText(/lista 3 alumnos/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '3 - Tres' })).toBeInTheDocument();
  });

  it('says a reopened acta was replaced, when, and by which version', async () => {
    mockApi(
      on(
        verificationEndpoints.verify,
        { params: { codigo: '2895BD39CA41' } },
        {
          tipo: 'acta',
          acta: verification({
            vigente: false,
            reemplazada: {
              fechaReapertura: '2026-07-25T15:00:00.000Z',
              codigo: 'AB12CD34EF56',
              fechaSellado: '2026-07-26T15:00:00.000Z',
            },
          }),
        },
      ),
    );
    renderApp('/verificar/2895BD39CA41');
    expect(await screen.findAllByText('Acta reemplazada', {})).not.toHaveLength(0);
    expect(screen.getByText(/reabierta el 25\/07\/2026 12:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'AB12CD34EF56' })).toHaveAttribute('href', '/verificar/AB12CD34EF56');
  });

  it('says how many actas rectificativas correct a current acta, each with its number, date and code, linked', async () => {
    mockApi(
      on(
        verificationEndpoints.verify,
        { params: { codigo: '2895BD39CA41' } },
        {
          tipo: 'acta',
          acta: verification({
            rectificaciones: [
              { nroRectificacion: 'R-2026-1-0001-1', fecha: '2026-07-28T14:00:00.000Z', codigo: 'AAAA11112222' },
              { nroRectificacion: 'R-2026-1-0001-2', fecha: '2026-08-03T14:30:00.000Z', codigo: 'BBBB33334444' },
            ],
          }),
        },
      ),
    );
    renderApp('/verificar/2895BD39CA41');
    expect(await screen.findByText('Acta vigente con 2 rectificaciones', {})).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Actas rectificativas de esta versión' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      'NúmeroSelladaCódigo',
      'R-2026-1-0001-128/07/2026 11:00AAAA11112222',
      'R-2026-1-0001-203/08/2026 11:30BBBB33334444',
    ]);
    expect(screen.getByRole('link', { name: 'BBBB33334444' })).toHaveAttribute('href', '/verificar/BBBB33334444');
  });

  it('verifies an acta rectificativa by its own code on the same page (GET /api/verificar answers it)', async () => {
    mockApi(
      on(
        verificationEndpoints.verify,
        { params: { codigo: 'BBBB33334444' } },
        {
          tipo: 'rectificacion',
          rectificacion: {
            codigo: 'BBBB33334444',
            nroRectificacion: 'R-2026-1-0001-2',
            nroActa: '2026-1-0001',
            codigoActa: '2895BD39CA41',
            materia: 'Cálculo I',
            fecha: '2026-08-03T14:30:00.000Z',
            vigente: true,
          },
        },
      ),
    );
    renderApp('/verificar/BBBB33334444');
    expect(await screen.findByText('Acta rectificativa N.º R-2026-1-0001-2', {})).toBeInTheDocument();
    expect(screen.getByText('Rectificación vigente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2895BD39CA41' })).toHaveAttribute('href', '/verificar/2895BD39CA41');
  });

  it('answers an unknown code for any document, offers to type it again and links the faculty page', async () => {
    mockApi(
      on(
        verificationEndpoints.verify,
        { params: { codigo: '000000000000' } },
        fail(404, { error: MSG_CERTIFICATES.verifyUnknown }),
      ),
      on(
        verificationEndpoints.verify,
        { params: { codigo: '2895BD39CA41' } },
        {
          tipo: 'acta',
          acta: verification(),
        },
      ),
      on(configurationEndpoints.membrete, {
        universidad: 'Universidad Nacional',
        facultad: 'Facultad de Ingeniería',
        decano: '',
        sitio: 'https://www.demo.edu.py',
        tieneLogo: false,
      }),
    );
    renderApp('/verificar/000000000000');
    expect(await screen.findByText('No se encontró ningún documento con ese código', {})).toBeInTheDocument();
    expect(screen.queryByText(/acta sellada/)).not.toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /página de Facultad de Ingeniería/ });
    expect(link).toHaveAttribute('href', 'https://www.demo.edu.py');
    const field = screen.getByRole('textbox', { name: 'Código de verificación' });
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar de nuevo' }));
    expect(await screen.findByText('Ingrese el código impreso en el documento', {})).toBeInTheDocument();
    fireEvent.change(field, { target: { value: ' 2895BD39CA41 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar de nuevo' }));
    expect(await screen.findByText('Acta vigente', {})).toBeInTheDocument();
  });
});
