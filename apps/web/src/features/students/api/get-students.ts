import type { Option, PageReply, StudentDetail, StudentListItem } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface StudentFilters {
  search: string;
}

export const studentsKey = ['students'] as const;

/** `POST /api/students/all`: one page of 'Alumnos del Sistema'. */
export function getStudents(request: ListRequest<StudentFilters>): Promise<PageReply<StudentListItem>> {
  return api.post('/students/all', request);
}

export function studentsQueryOptions(request: ListRequest<StudentFilters>) {
  const queryKey: QueryKey = [...studentsKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getStudents(request) });
}

/** `GET /api/students/{id}`. */
export function getStudent(id: number): Promise<StudentDetail> {
  return api.get(`/students/${id}`);
}

export function studentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'detail', id], queryFn: () => getStudent(id), staleTime: 0 });
}

export function useStudent(id: number | null) {
  return useQuery({ ...studentQueryOptions(id ?? 0), enabled: id !== null });
}

/** `GET /api/students/mallas`: 'Malla - Carrera' options. */
export function getStudentMallas(): Promise<{ mallas: Option[] }> {
  return api.get('/students/mallas');
}

export function useStudentMallas() {
  return useQuery({ queryKey: [...studentsKey, 'mallas'], queryFn: getStudentMallas, staleTime: 60_000 });
}

/** `GET /api/students/select_values`: students without a record, found by text (at most 20). */
export function getStudentOptions(search: string, usuarioId: number | null): Promise<{ alumnos: Option[] }> {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (usuarioId) params.set('usuarioId', String(usuarioId));
  const query = params.toString();
  return api.get(`/students/select_values${query ? `?${query}` : ''}`);
}

export function useStudentOptions(search: string, usuarioId: number | null) {
  return useQuery({
    queryKey: [...studentsKey, 'options', search.trim(), usuarioId],
    queryFn: () => getStudentOptions(search, usuarioId),
    placeholderData: (previous) => previous,
  });
}
