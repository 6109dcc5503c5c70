import type {
  AcademicStatus,
  AlumnoReportItem,
  AlumnosChart,
  AlumnosFilters,
  InscriptoItem,
  InscriptosChart,
  InscriptosFilters,
  Option,
  PageReply,
  PorMateriaChart,
  PorMateriaFilters,
  PorMateriaItem,
  ReportFormData,
} from '@arandu/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

/** The three list reports: their list, `_download` and `_grafico` calls share one body (spec 03 section 7). */
export const REPORTS = {
  inscriptos: '/reports/reporte_inscriptos',
  porMateria: '/reports/reporte_alumnos_por_materia',
  alumnos: '/reports/reporte_alumnos',
} as const;
export type ReportName = keyof typeof REPORTS;

interface ReportTypes {
  inscriptos: { filters: InscriptosFilters; item: InscriptoItem; chart: InscriptosChart };
  porMateria: { filters: PorMateriaFilters; item: PorMateriaItem; chart: PorMateriaChart };
  alumnos: { filters: AlumnosFilters; item: AlumnoReportItem; chart: AlumnosChart };
}
export type FiltersOf<R extends ReportName> = ReportTypes[R]['filters'];

export function reportQueryOptions<R extends ReportName>(report: R, request: ListRequest<FiltersOf<R>>) {
  const queryKey: QueryKey = ['reports', report, 'list', request];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<ReportTypes[R]['item']>>(REPORTS[report], request),
  });
}

export function useReportChart<R extends ReportName>(report: R, filters: FiltersOf<R> | null) {
  return useQuery({
    queryKey: ['reports', report, 'chart', filters],
    queryFn: () => api.post<ReportTypes[R]['chart']>(`${REPORTS[report]}_grafico`, { filters }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

/** `_download`: the list's body (paging ignored by the server), answered with the xlsx. */
export function downloadReport<R extends ReportName>(report: R, filters: FiltersOf<R>): Promise<Blob> {
  return api.post<Blob>(`${REPORTS[report]}_download`, { page: 1, pageSize: 100, filters }, { responseType: 'blob' });
}

/** Periods, careers, mallas, semesters, and the subject-periods of `periodoId` (the active one when absent). */
export function useReportFormData(periodoId: number | null | undefined) {
  return useQuery({
    queryKey: ['reports', 'form-data', periodoId ?? null],
    queryFn: () => api.get<ReportFormData>(`/reports/form_data${periodoId ? `?periodoId=${periodoId}` : ''}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `id` null: the caller's own (a student). */
export function useAcademicStatus(id: number | null) {
  return useQuery({
    queryKey: ['reports', 'academic-status', id],
    queryFn: () =>
      api.get<AcademicStatus>(
        id === null ? '/reports/academic-status-own' : `/reports/reporte-academic-status-student/${id}`,
      ),
  });
}

export function downloadAcademicStatus(id: number): Promise<Blob> {
  return api.get<Blob>(`/reports/download-reporte-academic-status-student/${id}`, { responseType: 'blob' });
}

export function useStudentOptions(search: string) {
  return useQuery({
    queryKey: ['reports', 'students', search],
    queryFn: () => api.get<Option[]>(`/students/reporte_alumnos?search=${encodeURIComponent(search)}`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
