import type { InscripcionDetail, InscripcionFormData, InscripcionSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enrolmentsKey } from './get-enrolments';

/** `GET /api/studentsubjects/{id}`. */
export function useEnrolment(id: number | null) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'detail', id],
    queryFn: () => api.get<InscripcionDetail>(`/studentsubjects/${id}`),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

/** `GET /api/studentsubjects/new-inscription-form-data` (new) or `/inscription-form-data` (edit). */
export function useEnrolmentFormData(isNew: boolean) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'form-data', isNew],
    queryFn: () =>
      api.get<InscripcionFormData>(
        isNew ? '/studentsubjects/new-inscription-form-data' : '/studentsubjects/inscription-form-data',
      ),
  });
}

/** `GET /api/studentsubjects/inscription-all-subjects/{mallaId}`: the active period's offer of the malla. */
export function useMallaOffer(mallaId: number | null) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'malla-offer', mallaId],
    queryFn: () =>
      api.get<{ value: number; label: string; semestreId: number }[]>(
        `/studentsubjects/inscription-all-subjects/${mallaId}`,
      ),
    enabled: mallaId !== null,
  });
}

export function useSaveEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InscripcionSave) => api.post<{ id: number }>('/studentsubjects', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrolmentsKey }),
  });
}

export function useDeleteEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/studentsubjects/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrolmentsKey }),
  });
}

/** `POST /api/studentsubjects/add_subject_dashboard`: the star of 'Mis Materias'. */
export function useToggleTablero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ mostrarEnTablero: boolean }>('/studentsubjects/add_subject_dashboard', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrolmentsKey }),
  });
}
