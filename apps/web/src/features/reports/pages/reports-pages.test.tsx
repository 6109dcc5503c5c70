import { reportEndpoints } from '@arandu/shared';
import type { AcademicStatus, ReportFormData } from '@arandu/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, fail, makeUser, mockApi, on, storeUser } from '../../../test/api-mock';
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
const formDataCalls = [
  on(reportEndpoints.formData, { query: {} }, formData),
  on(reportEndpoints.formData, { query: { periodoId: 7 } }, formData),
];

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
    const fetchMock = mockApi(
      ...formDataCalls,
      on(reportEndpoints.porMateria, {
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
      on(reportEndpoints.porMateriaChart, { rangos: [{ rango: '90 a 100', asistencia: 1, pp: 0 }] }),
      on(reportEndpoints.porMateriaDownload, new Blob(['xlsx'])),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/pages/reporte-alumnos-por-materias');
    const user = userEvent.setup();

    await screen.findByText('Seleccione una materia y presione Filtrar para ver el reporte.');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Debe seleccionar una materia')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, reportEndpoints.porMateria)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Materia' }));
    await user.click(await screen.findByRole('option', { name: 'INF301 - Bases de Datos (A)' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const tr = (await screen.findByText('Cáceres')).closest('tr')!;
    expect(within(tr).getByText('4.123.456')).toBeInTheDocument();
    // One rounding rule for every percentage shown (issue 34): 92,5 is 93 here as on the acta.
    expect(within(tr).getByText('93')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, reportEndpoints.porMateria).at(-1)).toEqual({
      page: 1,
      pageSize: 100,
      filters: { periodoId: 7, materiaId: 41 },
    });

    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('Reporte descargado exitosamente')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, reportEndpoints.porMateriaDownload).at(-1)).toMatchObject({
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
    const fetchMock = mockApi(
      ...formDataCalls,
      on(reportEndpoints.inscriptos, {
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
      on(reportEndpoints.inscriptosChart, { porSemestre: [{ semestre: 1, inscripciones: 120 }] }),
      on(reportEndpoints.inscriptosDownload, fail(500, { error: 'Sin conexión a la base' })),
    );
    renderApp('/pages/reporte-inscripcion');
    const tr = (await screen.findByText('Cáceres')).closest('tr')!;
    expect(within(tr).getByText('4.123.456')).toBeInTheDocument();
    expect(within(tr).getByRole('link', { name: 'Editar alumno' })).toHaveAttribute('href', '/pages/students/edit/12');
    expect(bodiesSentTo(fetchMock, reportEndpoints.inscriptos)[0]).toEqual({
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
    mockApi(on(reportEndpoints.academicStatusOwn, status));
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
    mockApi(on(reportEndpoints.academicStatus, { params: { id: 99 } }, fail(404, { error: 'El alumno no existe' })));
    renderApp('/pages/reporte-alumnos/academic-status/99');
    await waitFor(() => expect(screen.getAllByText('El alumno no existe').length).toBeGreaterThan(0));
  });
});
