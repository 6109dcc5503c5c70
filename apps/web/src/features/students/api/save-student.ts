import { studentEndpoints as e, type StudentSave } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/students`: creates (no id) or updates a student record. */
export function useSaveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentSave) => call(e.save, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.students.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.students.all });
    },
  });
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  });
}
