import type { Acta, ActaAlumno } from '@arandu/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

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

const acta = (inscriptos: ActaAlumno[], sealed = true): Acta => ({
  facultad: 'Facultad de Ingeniería',
  examen: {
    id: 7,
    fecha: '2026-07-20T12:00:00.000Z',
    fechaLimiteInscripcion: '2026-07-15T12:00:00.000Z',
    materiaPeriodoId: 3,
    materia: 'Cálculo I',
    codigoMateria: 'CB001',
    seccion: 'A',
    semestre: 1,
    interventorId: 2,
    interventor: 'Galeano, Celeste',
    interventorAuxiliarId: null,
    interventorAuxiliar: null,
    profesorId: 2,
    profesor: 'Galeano, Celeste',
    periodo: 'Primer periodo',
    periodoLectivoId: 1,
    periodoLectivo: '2026 - Primer Semestre',
    carreraId: 1,
    carrera: 'Ingeniería Informática',
    notasObservaciones: null,
    aula: null,
    nroActa: '2026-1-0001',
    estado: sealed ? { value: 1, label: 'Sellado' } : { value: 0, label: 'Activo' },
    cantidadInscriptos: inscriptos.length,
    modificado: false,
    fechaSellado: sealed ? '2026-07-22T12:00:00.000Z' : null,
    codigoVerificacion: sealed ? '2895BD39CA41' : null,
  },
  inscriptos,
});

afterEach(() => vi.restoreAllMocks());

describe('Actas', () => {
  it('prints the final record with grade in words, signatures and the verification code, 75 ms after Imprimir', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi({ 'GET /api/exams/report/7/final': () => json(acta([alumno({})])) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp('/pages/exams/show-final-report/7');
    expect(await screen.findByText('ACTA DE EXAMEN FINAL', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Benítez, Ana', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Cinco')).toBeInTheDocument();
    expect(screen.getByText('Decano')).toBeInTheDocument();
    expect(screen.getByText('2895BD39CA41')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Código QR de verificación/ })).toBeInTheDocument();

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
    mockApi({ 'GET /api/exams/report/7/final': () => json(acta([pendiente], false)) });
    renderApp('/pages/exams/show-final-report/7');
    const row = (await screen.findByText('Benítez, Ana', { exact: false }, { timeout: 10_000 })).closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['', '', '']);
  });

  it("titles the make-up record after the first enrolment's instance and signs it without the dean", async () => {
    storeUser(makeUser({ esFuncionario: true }));
    mockApi({
      'GET /api/exams/report/7/recuperatorio': () =>
        json(
          acta(
            [alumno({ instancia: { value: 1, label: 'Recuperatorio', item: { motivo: null } }, porcentajePC: 65 })],
            false,
          ),
        ),
    });
    renderApp('/pages/exams/show-recuperatorio-report/7');
    expect(await screen.findByText('ACTA DE RECUPERATORIO', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('65')).toBeInTheDocument();
    expect(screen.queryByText('Decano')).not.toBeInTheDocument();
    expect(screen.getByText('Acta sin sellar: borrador sin validez.')).toBeInTheDocument();
  });
});
