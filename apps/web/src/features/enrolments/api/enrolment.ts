import { enrolmentEndpoints as e, type InscripcionSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.enrolments;

/** `GET /api/studentsubjects/{id}`. */
export function useEnrolment(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => call(e.get, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

/** `GET /api/studentsubjects/new-inscription-form-data` (new) or `/inscription-form-data` (edit). */
export function useEnrolmentFormData(isNew: boolean) {
  return useQuery({
    queryKey: keys.formData(isNew),
    queryFn: () => call(isNew ? e.newFormData : e.editFormData),
  });
}

/** `GET /api/studentsubjects/inscription-all-subjects/{mallaId}`: the active period's offer of the malla. */
export function useMallaOffer(mallaId: number | null) {
  return useQuery({
    queryKey: keys.mallaOffer(mallaId),
    queryFn: () => call(e.mallaOffer, { params: { mallaId: mallaId! } }),
    enabled: mallaId !== null,
  });
}

export function useSaveEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InscripcionSave) => call(e.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** `POST /api/studentsubjects/add_subject_dashboard`: the star of 'Mis Materias'. */
export function useToggleTablero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.toggleTablero, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
