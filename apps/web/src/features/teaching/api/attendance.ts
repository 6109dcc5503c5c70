import { attendanceEndpoints as e, type AsistenciaSaveInput } from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';
import { useTeachingMutation } from './get-plan';
import { withRetry } from './retry';
import { nextSecuencia } from './secuencia';

const keys = queryKeys.teaching;

export function useAsistenciaFormData(materiaPeriodoId: number) {
  return useQuery({
    queryKey: keys.asistenciaFormData(materiaPeriodoId),
    queryFn: () => call(e.formData, { params: { id: materiaPeriodoId } }),
  });
}

export function useAsistencias(materiaPeriodoId: number, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: keys.asistencias(materiaPeriodoId, page, pageSize, search),
    queryFn: () =>
      call(e.list, {
        params: { id: materiaPeriodoId },
        body: { page, pageSize, filters: search.trim() ? { search: search.trim() } : {} },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAsistencia(materiaPeriodoId: number, id: number | null) {
  return useQuery({
    queryKey: keys.asistencia(materiaPeriodoId, id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: !!id,
  });
}

export const useSaveAsistencia = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (body: AsistenciaSaveInput) => call(e.save, { body }));

export const useDeleteAsistencia = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) => call(e.remove, { params: { id } }));

export const useMarkAllPresent = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) => call(e.markAllPresent, { params: { id } }));

/** One mark: present, absent or not taken (null); ordered and retried like a score. */
export function savePresence(assistanceId: number, alumnoId: number, present: boolean | null) {
  const secuencia = nextSecuencia();
  return withRetry(() =>
    call(e.updatePresence, {
      params: { id: assistanceId },
      body: { assistanceId, studentId: alumnoId, present, secuencia },
    }),
  );
}
