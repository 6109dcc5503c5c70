import {
  homeworkEndpoints,
  MAX_PAGE_SIZE,
  materiaPeriodoEndpoints,
  type MateriaPeriodo,
  type NotasSaveInput,
} from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.teaching;

/** The subject-period with the server's editing flags (spec 03 section 3). */
export function useMateriaPlan(id: number) {
  return useQuery({
    queryKey: keys.materia(id),
    queryFn: () => call(materiaPeriodoEndpoints.get, { params: { id } }),
  });
}

/** Alumnos tab: every student in one page (spec 03 section 7), no class is larger. */
export function useAlumnos(id: number) {
  return useQuery({
    queryKey: keys.alumnos(id),
    queryFn: () =>
      call(materiaPeriodoEndpoints.alumnos, { params: { id }, body: { page: 1, pageSize: MAX_PAGE_SIZE } }),
  });
}

export function useCalificaciones(id: number) {
  return useQuery({
    queryKey: keys.calificaciones(id),
    queryFn: () => call(homeworkEndpoints.calificaciones, { params: { id } }),
  });
}

export const downloadAlumnos = (id: number) => call(materiaPeriodoEndpoints.alumnosDownload, { params: { id } });

export const downloadCalificaciones = (id: number) =>
  call(homeworkEndpoints.calificacionesDownload, { params: { id } });

/** A mutation of the subject-period's teaching data: afterwards every view of it is read again. */
export function useTeachingMutation<A, R>(id: number, mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.materiaPeriodo(id) }),
        // The staff screens and the professor's lists show the state and the percentages too.
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.professors.all }),
      ]),
  });
}

export const usePublish = (mp: MateriaPeriodo, to: 'publish' | 'stamp') =>
  useTeachingMutation(mp.id, () => call(homeworkEndpoints[to], { params: { id: mp.id }, body: mp }));

export const useSaveNotas = (id: number) =>
  useTeachingMutation(id, (body: NotasSaveInput) => call(materiaPeriodoEndpoints.saveNotas, { body }));
