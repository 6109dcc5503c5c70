import { attendanceEndpoints, myMateriaEndpoints } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.mySubject;

export function useMyMateria(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => call(myMateriaEndpoints.get, { params: { id } }),
  });
}

export function myHomeworkQueryOptions(id: number, request: ListRequest<object>) {
  return queryOptions({
    queryKey: keys.homework(id, request),
    queryFn: () => call(myMateriaEndpoints.homework, { params: { id }, body: listBody(request) }),
  });
}

/** The student's own row of the attendance grid (loaded when the tab is first opened). */
export function useMyAsistencias(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.asistencias(id),
    queryFn: () => call(attendanceEndpoints.list, { params: { id }, body: { page: 1, pageSize: 1 } }),
    enabled,
  });
}
