import {
  reportEndpoints as e,
  type AlumnosFilters,
  type CallReply,
  type InscriptosFilters,
  type PorMateriaFilters,
} from '@arandu/shared';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.reports;

/** The three list reports, each with its filters and the replies of its page and its chart. */
interface ReportTypes {
  inscriptos: {
    filters: InscriptosFilters;
    page: CallReply<typeof e.inscriptos>;
    chart: CallReply<typeof e.inscriptosChart>;
  };
  porMateria: {
    filters: PorMateriaFilters;
    page: CallReply<typeof e.porMateria>;
    chart: CallReply<typeof e.porMateriaChart>;
  };
  alumnos: { filters: AlumnosFilters; page: CallReply<typeof e.alumnos>; chart: CallReply<typeof e.alumnosChart> };
}
export type ReportName = keyof ReportTypes;
export type FiltersOf<R extends ReportName> = ReportTypes[R]['filters'];

/** A list report's list, `_download` and `_grafico` calls: one body for the three (spec 03 section 7). */
interface ReportCalls<R extends ReportName> {
  list: (body: ListRequest<FiltersOf<R>>) => Promise<ReportTypes[R]['page']>;
  chart: (filters: FiltersOf<R>) => Promise<ReportTypes[R]['chart']>;
  /** The list's body (paging ignored by the server), answered with the xlsx. */
  download: (filters: FiltersOf<R>) => Promise<Blob>;
}

/** Typed by report so that `REPORTS[report]` keeps the report's own types inside the generic hooks below. */
const REPORTS: { [R in ReportName]: ReportCalls<R> } = {
  inscriptos: {
    list: (body) => call(e.inscriptos, { body }),
    chart: (filters) => call(e.inscriptosChart, { body: { filters } }),
    download: (filters) => call(e.inscriptosDownload, { body: { page: 1, pageSize: 100, filters } }),
  },
  porMateria: {
    list: (body) => call(e.porMateria, { body }),
    chart: (filters) => call(e.porMateriaChart, { body: { filters } }),
    download: (filters) => call(e.porMateriaDownload, { body: { page: 1, pageSize: 100, filters } }),
  },
  alumnos: {
    list: (body) => call(e.alumnos, { body }),
    chart: (filters) => call(e.alumnosChart, { body: { filters } }),
    download: (filters) => call(e.alumnosDownload, { body: { page: 1, pageSize: 100, filters } }),
  },
};

export function reportQueryOptions<R extends ReportName>(report: R, request: ListRequest<FiltersOf<R>>) {
  return queryOptions({ queryKey: keys.list(report, request), queryFn: () => REPORTS[report].list(request) });
}

/** The chart's figures; nothing is asked while no filters are applied (null). */
export function useReportChart<R extends ReportName>(report: R, filters: FiltersOf<R> | null) {
  return useQuery({
    queryKey: keys.chart(report, filters),
    queryFn: filters === null ? skipToken : () => REPORTS[report].chart(filters),
    placeholderData: keepPreviousData,
  });
}

export function downloadReport<R extends ReportName>(report: R, filters: FiltersOf<R>): Promise<Blob> {
  return REPORTS[report].download(filters);
}

/** Periods, careers, mallas, semesters, and the subject-periods of `periodoId` (the active one when absent). */
export function useReportFormData(periodoId: number | null | undefined) {
  return useQuery({
    queryKey: keys.formData(periodoId ?? null),
    queryFn: () => call(e.formData, { query: { periodoId: periodoId || undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `id` null: the caller's own (a student). */
export function useAcademicStatus(id: number | null) {
  return useQuery({
    queryKey: keys.academicStatus(id),
    queryFn: () => (id === null ? call(e.academicStatusOwn) : call(e.academicStatus, { params: { id } })),
  });
}

export function downloadAcademicStatus(id: number): Promise<Blob> {
  return call(e.academicStatusDownload, { params: { id } });
}

export function useAlumnoOptions(search: string) {
  return useQuery({
    queryKey: keys.students(search),
    queryFn: () => call(e.studentOptions, { query: { search } }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
