import type { QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the web in one place (docs/decisions/025-endpoint-contract.md). A feature's keys start
 * with its group's `all`, so invalidating `all` refreshes everything the feature shows, and a screen of
 * another feature that shows the same data invalidates through here rather than by a copied string.
 */
export const queryKeys = {
  enrolments: {
    all: ['enrolments'] as const,
    /** A DataList's page: typed as any key, as DataList takes every list's. */
    list: (mine: boolean, payload: unknown): QueryKey => ['enrolments', 'list', mine, payload],
    listFormData: ['enrolments', 'list-form-data'] as const,
    detail: (id: number | null) => ['enrolments', 'detail', id] as const,
    formData: (isNew: boolean) => ['enrolments', 'form-data', isNew] as const,
    mallaOffer: (mallaId: number | null) => ['enrolments', 'malla-offer', mallaId] as const,
    myStudent: ['enrolments', 'my-student'] as const,
    bySemesters: (perfilAlumnoId: number | null) => ['enrolments', 'by-semesters', perfilAlumnoId] as const,
    studentSearch: (search: string) => ['enrolments', 'student-search', search] as const,
    alerts: ['enrolments', 'alertas'] as const,
    waitlist: ['enrolments', 'lista-espera'] as const,
    tablero: ['enrolments', 'tablero'] as const,
    myMalla: ['enrolments', 'my-malla'] as const,
  },
  /** 'Recibir avisos por correo' of the profile (issue 30). */
  notices: ['users', 'profile', 'avisos'] as const,
  /** Staff's waiting list of a subject-period: under the subject-periods' prefix ('materias-periodo'). */
  waitlist: {
    staff: (materiaPeriodoId: number) => ['materias-periodo', 'lista-espera', materiaPeriodoId] as const,
  },
  /** A subject-period's teaching screens: everything under `materiaPeriodo(id)`, which a save invalidates. */
  teaching: {
    materiaPeriodo: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId] as const,
    alertas: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'alertas'] as const,
  },
};
