import { alumnoEndpoints, enrolmentEndpoints as e, type SaveInscripcion } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.enrolments;

/** `GET /api/studentsubjects/my-student`: the student view's own profile. */
export function useMyAlumno(enabled: boolean) {
  return useQuery({
    queryKey: keys.myStudent,
    queryFn: () => call(e.myStudent),
    enabled,
    staleTime: 60_000,
  });
}

/** `GET /api/studentsubjects/subjects_by_semesters/{perfilAlumnoId}`: the form's semester cards. */
export function useMateriasBySemesters(perfilAlumnoId: number | null) {
  return useQuery({
    queryKey: keys.bySemesters(perfilAlumnoId),
    queryFn: () => call(e.subjectsBySemesters, { params: { perfilAlumnoId: perfilAlumnoId! } }),
    enabled: perfilAlumnoId !== null,
    staleTime: 0,
  });
}

/** `POST /api/studentsubjects/save-inscription`: one success or error line per changed subject. */
export function useSaveInscripcion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInscripcion) => call(e.saveInscription, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/**
 * `POST /api/studentsubjects/validar` (issue 29): the save's rules on the same body, every reason per subject,
 * nothing saved (so nothing to refresh).
 */
export function useValidateInscripcion() {
  return useMutation({
    mutationFn: (body: SaveInscripcion) => call(e.validar, { body }),
  });
}

/** The student selector of the staff views: student records found by text (`POST /api/students/all`). */
export function useAlumnoSearch(search: string) {
  return useQuery({
    queryKey: keys.studentSearch(search),
    queryFn: () => call(alumnoEndpoints.list, { body: { page: 1, pageSize: 20, filters: search ? { search } : {} } }),
    placeholderData: (previous) => previous,
  });
}
