import { enrolmentEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { appQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/students/materias-tablero-alumno`: the student's starred subjects. */
const alumnoDashboardQuery = queryOptions({
  queryKey: queryKeys.enrolments.tablero,
  queryFn: () => call(e.tablero),
});

export function useAlumnoDashboard() {
  return useQuery(alumnoDashboardQuery);
}

/**
 * The dashboard route's loader calls this, so the cards' data is on its way while the screen's chunks load
 * and the shell renders, instead of after (issue 16). A cached answer still fresh is not asked for again.
 */
export function prefetchAlumnoDashboard(): void {
  void appQueryClient().prefetchQuery(alumnoDashboardQuery);
}

/** `GET /api/studentsubjects/my-malla`: 'Mi Malla'. */
export function useMyMalla() {
  return useQuery({
    queryKey: queryKeys.enrolments.myMalla,
    queryFn: () => call(e.myMalla),
    retry: false,
  });
}
