import type {
  Asistencia,
  AsistenciaFormData,
  AsistenciaList,
  AsistenciaSaveInput,
  PresenceReply,
} from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useTeachingMutation } from './get-plan';
import { nextSecuencia, teachingKey } from './keys';
import { withRetry } from './retry';

export function useAsistenciaFormData(materiaPeriodoId: number) {
  return useQuery({
    queryKey: [...teachingKey(materiaPeriodoId), 'asistencia-form-data'],
    queryFn: () => api.get<AsistenciaFormData>(`/assistances/form-data/${materiaPeriodoId}`),
  });
}

export function useAsistencias(materiaPeriodoId: number, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: [...teachingKey(materiaPeriodoId), 'asistencias', page, pageSize, search],
    queryFn: () =>
      api.post<AsistenciaList>(`/assistances/${materiaPeriodoId}/all`, {
        page,
        pageSize,
        filters: search.trim() ? { search: search.trim() } : {},
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAsistencia(materiaPeriodoId: number, id: number | null) {
  return useQuery({
    queryKey: [...teachingKey(materiaPeriodoId), 'asistencia', id],
    queryFn: () => api.get<Asistencia>(`/assistances/${id}`),
    enabled: !!id,
  });
}

export const useSaveAsistencia = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (body: AsistenciaSaveInput) => api.post<{ id: number }>('/assistances', body));

export const useDeleteAsistencia = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) => api.delete<void>(`/assistances/${id}`));

export const useMarkAllPresent = (materiaPeriodoId: number) =>
  useTeachingMutation(materiaPeriodoId, (id: number) =>
    api.post<{ marked: number }>(`/assistances/${id}/mark-all-present`),
  );

/** One mark: present, absent or not taken (null); ordered and retried like a score. */
export function savePresence(assistanceId: number, studentId: number, present: boolean | null) {
  const secuencia = nextSecuencia();
  return withRetry(() =>
    api.post<PresenceReply>(`/assistances/${assistanceId}/update-presence`, {
      assistanceId,
      studentId,
      present,
      secuencia,
    }),
  );
}
