import type { StudentDetail, StudentSave } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentsKey } from './get-students';

/** `POST /api/students`: creates (no id) or updates a student record. */
export function saveStudent(body: StudentSave): Promise<StudentDetail> {
  return api.post('/students', body);
}

export function deleteStudent(id: number): Promise<void> {
  return api.delete(`/students/${id}`);
}

export function useSaveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudent,
    onSuccess: (saved) => {
      queryClient.setQueryData([...studentsKey, 'detail', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: studentsKey });
    },
  });
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsKey }),
  });
}
