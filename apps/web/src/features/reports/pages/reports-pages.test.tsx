import type { AcademicStatus, ReportFormData } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, json, makeUser, mockApi, storeUser } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const formData: ReportFormData = {
  periodos: [
    { value: 7, label: '2026 - Primer Semestre' },
    { value: 6, label: '2025 - Segundo Semestre' },
  ],
  periodoId: 7,
  carreras: [{ value: 1, label: 'Ingeniería Informática' }],
  mallas: [{ value: 3, label: 'Malla 2023 - Ingeniería Informática', carreraId: 1 }],
  semestres: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  materias: [
    { materiaId: 40, carreraId: 1, periodoId: 7, semestre: 1, label: 'INF101 - Algoritmos (A)' },
    { materiaId: 41, carreraId: 1, periodoId: 7, semestre: 3, label: 'INF301 - Bases de Datos (A)' },
  ],
};
const formDataCalls = {
  'GET /api/reports/form_data': () => json(formData),
  'GET /api/reports/form_data?periodoId=7': () => json(formData),
};

const status: AcademicStatus = {
  alumno: {
    id: 12,
    nombre: 'Sofía',
    apellido: 'Cáceres',
    numeroDocumento: '4123456',
    numeroLegajo: 5001,
    domicilio: 'Mcal. López 123, Asunción',
    anhoIngreso: 2024,
    carrera: 'Ingeniería Informática',
    malla: 'Malla 2023',
  },
  semestres: [
    {
      semestre: 1,
      materias: [
        {
          materiaMallaId: 1,
          codigo: 'INF101',
          materia: 'Algoritmos',
          calificacion: 4,
          calificacionLetras: 'Cuatro',
          nroActa: 'A-207',
          fechaExamen: '2025-12-05',
          periodo: '2025 - Segundo Semestre',
        },
      ],
    },
  ],
  resumen: { materias: 1, aprobadas: 1, promedio: 4 },
};

describe('Reporte de Asistencias y Pruebas Parciales', () => {
  it('asks for a materia, then lists its students and downloads the file', async () => {
    storeUser(makeUser({ esFuncionario: true }));
    const fetchMock = mockApi({
      ...formDataCalls,
      'POST /api/reports/reporte_alumnos_por_materia': () =>
        json({
          items: [
            {
              id: 1,
              perfilAlumnoId: 12,
              numeroDocumento: '4123456',
              apellido: 'Cáceres',
              nombre: 'Sofía',
              telefono: '0981 123 456',
              correo: 'sofia@demo.edu.py',
              materia: 'Algoritmos',
              anhoIngreso: 2024,
              carrera: 'Ingeniería Informática',
              semestre: 1,
              porcentajeAsistencia: 92.5,
              porcentajePP: 80,
            },
          ],
          totalItemsCount: 1,
        }),
      'POST /api/reports/reporte_alumnos_por_materia_grafico': () =>
        json({ rangos: [{ rango: '90 a 100', asistencia: 1, pp: 0 }] }),
      // A string body, not jsdom's Blob: from jsdom 29 its Blob has no stream() and Node's Response refuses it.
      'POST /api/reports/reporte_alumnos_por_materia_download': () => new Response('xlsx', { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/pages/reporte-alumnos-por-materias');
    const user = userEvent.setup();

    await screen.findByText('Seleccione una materia y presione Filtrar para ver el reporte.');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Debe seleccionar una materia')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reports/reporte_alumnos_por_materia')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Materia' }));
    await user.click(await screen.findByRole('option', { name: 'INF301 - Bases de Datos (A)' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const tr = (await screen.findByText('Cáceres')).closest('tr')!;
    expect(within(tr).getByText('4.123.456')).toBeInTheDocument();
    // One rounding rule for every percentage shown (issue 34): 92,5 is 93 here as on the acta.
    expect(within(tr).getByText('93')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reports/reporte_alumnos_por_materia').at(-1)).toEqual({
      page: 1,
      pageSize: 100,
      filters: { periodoId: 7, materiaId: 41 },
    });

    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('Reporte descargado exitosamente')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reports/reporte_alumnos_por_materia_download').at(-1)).toMatchObject({
      filters: { periodoId: 7, materiaId: 41 },
    });
  });

  it('tells a student the screen is not for them', async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi();
    renderApp('/pages/reporte-alumnos-por-materias');
    expect(await screen.findByText('Acceso restringido')).toBeInTheDocument();
  });
});

describe('Reporte de alumnos (inscriptos)', () => {
  it('starts on the active period, links each row to the student record and shows the download failure', async () => {
    storeUser(makeUser({ esAdmin: true }));
    const fetchMock = mockApi({
      ...formDataCalls,
      'POST /api/reports/reporte_inscriptos': () =>
        json({
          items: [
            {
              perfilAlumnoId: 12,
              periodoId: 7,
              periodo: '2026 - Primer Semestre',
              malla: 'Malla 2023',
              carrera: 'Ingeniería Informática',
              numeroLegajo: 5001,
              numeroDocumento: '4123456',
              nombre: 'Sofía',
              apellido: 'Cáceres',
              cantidadMaterias: 5,
            },
          ],
          totalItemsCount: 1,
        }),
      'POST /api/reports/reporte_inscriptos_grafico': () =>
        json({ porSemestre: [{ semestre: 1, inscripciones: 120 }] }),
      'POST /api/reports/reporte_inscriptos_download': () => json({ error: 'Sin conexión a la base' }, 500),
    });
    renderApp('/pages/reporte-inscripcion');
    const tr = (await screen.findByText('Cáceres')).closest('tr')!;
    expect(within(tr).getByText('4.123.456')).toBeInTheDocument();
    expect(within(tr).getByRole('link', { name: 'Editar alumno' })).toHaveAttribute('href', '/pages/students/edit/12');
    expect(bodiesSentTo(fetchMock, '/api/reports/reporte_inscriptos')[0]).toEqual({
      page: 1,
      pageSize: 100,
      filters: { periodoId: 7 },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('Ocurrió un error al intentar descargar el reporte')).toBeInTheDocument();
  });
});

describe('Estado académico alumno', () => {
  it("shows a student's own status with the document in es-PY format and the grade in words", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi({ 'GET /api/reports/academic-status-own': () => json(status) });
    renderApp('/pages/reporte-alumnos/academic-status');
    expect(await screen.findByText('4.123.456')).toBeInTheDocument();
    const semester = screen.getByRole('region', { name: 'Semestre 1' });
    const row = within(semester).getByText('Algoritmos').closest('tr')!;
    expect(within(row).getByText('Cuatro')).toBeInTheDocument();
    expect(within(row).getByText('05/12/2025')).toBeInTheDocument();
    expect(screen.getByText('1 de 1 materias aprobadas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar - Volver' })).toBeInTheDocument();
  });

  it("answers another student's status with 'El alumno no existe'", async () => {
    storeUser(makeUser({ esAlumno: true }));
    mockApi({
      'GET /api/reports/reporte-academic-status-student/99': () => json({ error: 'El alumno no existe' }, 404),
    });
    renderApp('/pages/reporte-alumnos/academic-status/99');
    await waitFor(() => expect(screen.getAllByText('El alumno no existe').length).toBeGreaterThan(0));
  });
});
