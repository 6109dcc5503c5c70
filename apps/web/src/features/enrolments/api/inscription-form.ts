import type {
  InscriptionCheck,
  InscriptionLine,
  MyStudent,
  SaveInscription,
  StudentListItem,
  PageReply,
  SubjectsBySemesters,
} from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enrolmentsKey } from './get-enrolments';

/** `GET /api/studentsubjects/my-student`: the student view's own profile. */
export function useMyStudent(enabled: boolean) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'my-student'],
    queryFn: () => api.get<MyStudent>('/studentsubjects/my-student'),
    enabled,
    staleTime: 60_000,
  });
}

/** `GET /api/studentsubjects/subjects_by_semesters/{perfilAlumnoId}`: the form's semester cards. */
export function useSubjectsBySemesters(perfilAlumnoId: number | null) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'by-semesters', perfilAlumnoId],
    queryFn: () => api.get<SubjectsBySemesters>(`/studentsubjects/subjects_by_semesters/${perfilAlumnoId}`),
    enabled: perfilAlumnoId !== null,
    staleTime: 0,
  });
}

/** `POST /api/studentsubjects/save-inscription`: one success or error line per changed subject. */
export function useSaveInscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInscription) => api.post<InscriptionLine[]>('/studentsubjects/save-inscription', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrolmentsKey }),
  });
}

/**
 * `POST /api/studentsubjects/validar` (issue 29): the save's rules on the same body, every reason per subject,
 * nothing saved (so nothing to refresh).
 */
export function useValidateInscription() {
  return useMutation({
    mutationFn: (body: SaveInscription) => api.post<InscriptionCheck[]>('/studentsubjects/validar', body),
  });
}

/** The student selector of the staff views: student records found by text (`POST /api/students/all`). */
export function useStudentSearch(search: string) {
  return useQuery({
    queryKey: [...enrolmentsKey, 'student-search', search],
    queryFn: () =>
      api.post<PageReply<StudentListItem>>('/students/all', {
        page: 1,
        pageSize: 20,
        filters: search ? { search } : {},
      }),
    placeholderData: (previous) => previous,
  });
}
