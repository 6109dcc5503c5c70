import type { AsistenciaList } from '@arandu/shared';

/*
 * Replies the component tests of more than one screen stand on. Each test changes only what it is about, so
 * what stays the same (the student, the exam) is written once.
 */

type AsistenciaAlumnoRow = AsistenciaList['pageInfo']['items'][number];

/**
 * Lía Acosta (student 71) in subject-period 5 with one session, 'Clase 1', where she was absent; `alumno` changes
 * her row (her percentage and projection) and `rest` the sessions and marks.
 */
export function makeAsistenciaList(
  alumno: Partial<AsistenciaAlumnoRow> = {},
  rest: Partial<Omit<AsistenciaList, 'pageInfo'>> = {},
): AsistenciaList {
  return {
    pageInfo: {
      items: [
        {
          studentId: 71,
          doc: '4123456',
          name: 'Lía',
          surname: 'Acosta',
          porcentajeAsistencia: 50,
          alcanzaMinimo: false,
          proyeccionAsistencia: 'no-alcanza',
          ...alumno,
        },
      ],
      totalItemsCount: 1,
    },
    assists: [{ id: 40, date: '2026-11-16', reference: 'Clase 1' }],
    studentAssists: [{ assistanceId: 40, studentId: 71, present: false }],
    minAsistenciaExamen: 70,
    ...rest,
  };
}

/** Exam 7, 'Cálculo I' section A of the first period of 2026, as both the exam and its record (acta) give it. */
export const CALCULO_EXAMEN = {
  id: 7,
  materiaPeriodoId: 3,
  materia: 'Cálculo I',
  codigoMateria: 'CB001',
  seccion: 'A',
  interventorId: 2,
  interventorAuxiliarId: null,
  profesorId: 2,
  periodo: 'Primer periodo',
  periodoLectivoId: 1,
  periodoLectivo: '2026 - Primer Semestre',
  carreraId: 1,
  carrera: 'Ingeniería Informática',
  notasObservaciones: null,
  aula: null,
} as const;
