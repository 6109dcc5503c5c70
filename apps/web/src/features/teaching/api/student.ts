import type { AsistenciaList, MateriaAlumno, MyHomework, PageReply } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export function useMyMateria(id: number) {
  return useQuery({
    queryKey: ['my-subject', id],
    queryFn: () => api.get<MateriaAlumno>(`/MateriasPeriodo/my/${id}`),
  });
}

export function myHomeworkQueryOptions(id: number, request: ListRequest<object>) {
  const queryKey: QueryKey = ['my-subject', id, 'homework', request];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<MyHomework>>(`/exams/${id}/homework/my`, request),
  });
}

/** The student's own row of the attendance grid (loaded when the tab is first opened). */
export function useMyAsistencias(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['my-subject', id, 'asistencias'],
    queryFn: () => api.post<AsistenciaList>(`/assistances/${id}/all`, { page: 1, pageSize: 1 }),
    enabled,
  });
}
