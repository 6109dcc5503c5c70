import { enrolmentEndpoints as e, type InscripcionItem, type InscripcionListFilters, type PageReply } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface EnrolmentFilters {
  numeroSemestre: string | null;
  periodoId: string | null;
  materia: string;
  alumno: string;
}

/** The list's request body: the selects' texts as numbers, empty filters left out by DataList. */
function body(request: ListRequest<EnrolmentFilters>) {
  const { numeroSemestre, periodoId, ...texts } = request.filters;
  const filters: InscripcionListFilters = { ...texts };
  if (numeroSemestre) filters.numeroSemestre = Number(numeroSemestre);
  if (periodoId) filters.periodoId = Number(periodoId);
  return { page: request.page, pageSize: request.pageSize, filters };
}

/**
 * 'Inscripciones a materias': `POST /api/studentsubjects/all` in the staff views, `/all-my-subjects` in the
 * student's (spec 02 section 7).
 */
export function enrolmentsQueryOptions(mine: boolean, request: ListRequest<EnrolmentFilters>) {
  const payload = body(request);
  return queryOptions({
    queryKey: queryKeys.enrolments.list(mine, payload),
    // The reply's enableInscription is read from the list's form data instead: the list sees a page.
    queryFn: (): Promise<PageReply<InscripcionItem>> => call(mine ? e.listMine : e.listAll, { body: payload }),
  });
}

/** The list's filter options (periods: the student's own, or all; semesters) and whether the window is open. */
export function useEnrolmentListFormData() {
  return useQuery({
    queryKey: queryKeys.enrolments.listFormData,
    queryFn: () => call(e.listFormData),
  });
}
