import {
  MAX_PAGE_SIZE,
  type AlumnoMateria,
  type MallaSubjectOption,
  type MateriaPeriodo,
  type MateriaPeriodoFormData,
  type MateriaPeriodoRow,
  type MoveSectionData,
  type PageReply,
} from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface MateriaPeriodoFilters {
  malla: string;
  materia: string;
  codigo: string;
  profesor: string;
  periodoId: number | null;
}

/** Every cached subject-period query starts with this key (the periods screens invalidate it too). */
export const materiasPeriodoKey = ['materias-periodo'] as const;

export function getMateriasPeriodo(request: ListRequest<MateriaPeriodoFilters>): Promise<PageReply<MateriaPeriodoRow>> {
  return api.post('/MateriasPeriodo/all', request);
}

export function materiasPeriodoQueryOptions(request: ListRequest<MateriaPeriodoFilters>) {
  const queryKey: QueryKey = [...materiasPeriodoKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getMateriasPeriodo(request) });
}

export function materiaPeriodoQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...materiasPeriodoKey, 'one', id],
    queryFn: () => api.get<MateriaPeriodo>(`/MateriasPeriodo/${id}`),
  });
}

export function useMateriaPeriodo(id: number | null) {
  return useQuery({ ...materiaPeriodoQueryOptions(id ?? 0), enabled: id !== null });
}

export function useMateriaPeriodoFormData() {
  return useQuery({
    queryKey: [...materiasPeriodoKey, 'form-data'],
    queryFn: () => api.get<MateriaPeriodoFormData>('/MateriasPeriodo/form_data'),
  });
}

export function useMallaSubjects(mallaId: number | null) {
  return useQuery({
    queryKey: [...materiasPeriodoKey, 'malla-subjects', mallaId],
    queryFn: () => api.get<MallaSubjectOption[]>(`/MateriasPeriodo/subjects/${mallaId}`),
    enabled: !!mallaId,
  });
}

/** The Calificaciones tab asks for every student in one page (spec 03 section 7); no class is larger. */
export const ALL_STUDENTS_PAGE = MAX_PAGE_SIZE;

export function alumnosQueryKey(id: number): QueryKey {
  return [...materiasPeriodoKey, 'alumnos', id];
}

export function useAlumnosMateria(id: number) {
  return useQuery({
    queryKey: alumnosQueryKey(id),
    queryFn: () =>
      api.post<PageReply<AlumnoMateria>>(`/MateriasPeriodo/${id}/alumnos`, { page: 1, pageSize: ALL_STUDENTS_PAGE }),
  });
}

export function downloadAlumnos(id: number): Promise<Blob> {
  return api.get<Blob>(`/MateriasPeriodo/${id}/alumnos-download`, { responseType: 'blob' });
}

export function useMoveSectionData(id: number) {
  return useQuery({
    queryKey: [...materiasPeriodoKey, 'move', id],
    queryFn: () => api.get<MoveSectionData>(`/MateriasPeriodo/inscription-students/${id}`),
  });
}
