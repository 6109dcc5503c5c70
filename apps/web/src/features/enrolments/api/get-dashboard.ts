import type { MiMalla, TableroAlumnoItem } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appQueryClient } from '../../../lib/query-client';
import { enrolmentsKey } from './get-enrolments';

/** `GET /api/students/materias-tablero-alumno`: the student's starred subjects. */
const studentDashboardQuery = queryOptions({
  queryKey: [...enrolmentsKey, 'dashboard'],
  queryFn: () => api.get<TableroAlumnoItem[]>('/students/materias-tablero-alumno'),
});

export function useStudentDashboard() {
  return useQuery(studentDashboardQuery);
}

/**
 * The dashboard route's loader calls this, so the cards' data is on its way while the screen's chunks load
 * and the shell renders, instead of after (issue 16). A cached answer still fresh is not asked for again.
 */
export function prefetchStudentDashboard(): void {
  void appQueryClient().prefetchQuery(studentDashboardQuery);
}

/** `GET /api/studentsubjects/my-malla`: 'Mi Malla'. */
export function useMyMalla() {
  return useQuery({
    queryKey: [...enrolmentsKey, 'my-malla'],
    queryFn: () => api.get<MiMalla>('/studentsubjects/my-malla'),
    retry: false,
  });
}
