import {
  MAX_PAGE_SIZE,
  subjectPeriodEndpoints,
  type Calificaciones,
  type MateriaPeriodo,
  type NotasSaveInput,
} from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { teachingKey } from './keys';

/** The subject-period with the server's editing flags (spec 03 section 3). */
export function useMateriaPlan(id: number) {
  return useQuery({
    queryKey: [...teachingKey(id), 'materia'],
    queryFn: () => call(subjectPeriodEndpoints.get, { params: { id } }),
  });
}

/** Alumnos tab: every student in one page (spec 03 section 7), no class is larger. */
export function useAlumnos(id: number) {
  return useQuery({
    queryKey: [...teachingKey(id), 'alumnos'],
    queryFn: () => call(subjectPeriodEndpoints.alumnos, { params: { id }, body: { page: 1, pageSize: MAX_PAGE_SIZE } }),
  });
}

export function useCalificaciones(id: number) {
  return useQuery({
    queryKey: [...teachingKey(id), 'calificaciones'],
    queryFn: () => api.get<Calificaciones>(`/homework/${id}/calificaciones`),
  });
}

export const downloadAlumnos = (id: number) => call(subjectPeriodEndpoints.alumnosDownload, { params: { id } });

export const downloadCalificaciones = (id: number) =>
  api.get<Blob>(`/homework/alumnos-materia-download/${id}`, { responseType: 'blob' });

/** A mutation of the subject-period's teaching data: afterwards every view of it is read again. */
export function useTeachingMutation<A, R>(id: number, mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teachingKey(id) }),
        // The staff screens and the professor's lists show the state and the percentages too.
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.professors.all }),
      ]),
  });
}

export const usePublish = (mp: MateriaPeriodo, to: 'publish' | 'stamp') =>
  useTeachingMutation(mp.id, () => api.put(`/homework/${to}/${mp.id}`, mp));

export const useSaveNotas = (id: number) =>
  useTeachingMutation(id, (body: NotasSaveInput) => call(subjectPeriodEndpoints.saveNotas, { body }));
