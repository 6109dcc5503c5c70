import { alumnoEndpoints as e, type AlumnoSave } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/students`: creates (no id) or updates a student record. */
export function useSaveAlumno() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlumnoSave) => call(e.save, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.students.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.students.all });
    },
  });
}

export function useDeleteAlumno() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  });
}
