import type {
  Acta,
  ActaExtra,
  AlumnoMateriaExamen,
  Examen,
  ExamenFormData,
  ExamenRow,
  ExamenSave,
  Inscribir,
  InscripcionesSave,
  InscripcionExamen,
  ExamInscripcionFormData,
  MiExamen,
  PageReply,
  Rectificacion,
  RectificacionSave,
  RectificacionVerificacion,
  UpdateScore,
} from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api, request } from '../../../lib/api-client';

export const examsKey = ['exams'] as const;
export const myExamsKey = ['my-exams'] as const;

export interface ExamenFilters {
  viewPageAs: number | null;
  estado: number[];
  periodo: number[];
}

export function examsQueryOptions(req: ListRequest<ExamenFilters>) {
  const queryKey: QueryKey = [...examsKey, 'list', req];
  return queryOptions({ queryKey, queryFn: () => api.post<PageReply<ExamenRow>>('/exams/all', req) });
}

export function useExamen(id: number | null) {
  return useQuery({
    queryKey: [...examsKey, 'one', id],
    queryFn: () => api.get<Examen>(`/exams/${id}`),
    enabled: id !== null,
  });
}

export function useExamenFormData(periodoId: number | null) {
  return useQuery({
    queryKey: [...examsKey, 'form-data', periodoId],
    queryFn: () => api.get<ExamenFormData>(periodoId ? `/exams/form_data/${periodoId}` : '/exams/form_data'),
  });
}

export function useActa(id: number, extra: ActaExtra) {
  return useQuery({
    queryKey: [...examsKey, 'acta', id, extra],
    queryFn: () => api.get<Acta>(`/exams/report/${id}/${extra}`),
  });
}

/** The public verification of a sealed acta's code; a missing code is an answer (404), not worth retrying. */
export function useAlumnosMateriaExamen(examenId: number, search: string) {
  return useQuery({
    queryKey: [...examsKey, 'alumnos-materia', examenId, search],
    queryFn: () =>
      api.put<AlumnoMateriaExamen[]>(`/exams/alumnos-materia/${examenId}`, { filters: search ? { search } : {} }),
  });
}

export function useInscripcionFormData(examId: number) {
  return useQuery({
    queryKey: [...examsKey, 'inscription-form-data', examId],
    queryFn: () => api.get<ExamInscripcionFormData>(`/inscripcionexamen/form_data/${examId}/true`),
  });
}

export function useInscripcion(id: number | null) {
  return useQuery({
    queryKey: [...examsKey, 'inscription', id],
    queryFn: () => api.get<InscripcionExamen>(`/inscripcionexamen/${id}`),
    enabled: id !== null,
  });
}

/** Every exam mutation refreshes the lists and the exam it touched. */
function useExamsMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: examsKey }),
        client.invalidateQueries({ queryKey: myExamsKey }),
      ]),
  });
}

export const useSaveExamen = () => useExamsMutation((body: ExamenSave) => api.post<{ id: number }>('/exams', body));
export const useDeleteExamen = () => useExamsMutation((id: number) => api.delete<void>(`/exams/${id}`));
export const useStampExamen = () => useExamsMutation((exam: { id: number }) => api.put<Examen>('/exams/stamp', exam));
export const useOpenExamen = () =>
  useExamsMutation((exam: { id: number; motivo: string; resolucion: string }) => api.put<Examen>('/exams/open', exam));

export function useRectificaciones(examenId: number) {
  return useQuery({
    queryKey: [...examsKey, 'rectificaciones', examenId],
    queryFn: () => api.get<Rectificacion[]>(`/exams/${examenId}/rectificaciones`),
  });
}

export const useRectificar = (examenId: number) =>
  useExamsMutation((body: RectificacionSave) => api.post<Rectificacion>(`/exams/${examenId}/rectificaciones`, body));

/** The public check of an acta rectificativa's code (asked when the code is no acta's). */
export function useRectificacionVerificacion(code: string, enabled: boolean) {
  return useQuery({
    queryKey: [...examsKey, 'verify-rectificacion', code],
    queryFn: () => api.get<RectificacionVerificacion>(`/exams/verify-rectificacion/${encodeURIComponent(code)}`),
    retry: false,
    enabled,
  });
}
export const useSaveInscripciones = () =>
  useExamsMutation((body: InscripcionesSave) =>
    api.post<{ agregados: number; quitados: number; rechazados: { perfilAlumnoId: number; motivo: string }[] }>(
      '/inscripcionexamen',
      body,
    ),
  );
export const useInscribir = () =>
  useExamsMutation((body: Inscribir) => api.post<InscripcionExamen>('/inscripcionexamen/inscribir', body));
export const useDeleteInscripcion = () =>
  useExamsMutation((id: number) => api.delete<void>(`/inscripcionexamen/${id}`));
export const useInscribirme = () =>
  useExamsMutation((body: { examenId: number; perfilAlumnoId: number }) =>
    api.post<InscripcionExamen>('/inscripcionexamen/inscribirme', { ...body, id: 0, calificacion: 0 }),
  );

export function updateScore(body: UpdateScore): Promise<InscripcionExamen> {
  return api.post<InscripcionExamen>('/inscripcionexamen/update-score', body);
}

export function downloadScoreReport(id: number): Promise<Blob> {
  return request<Blob>(`/exams/download-score-report/${id}`, { responseType: 'blob' });
}

export function myExamsQueryOptions(req: ListRequest<{ search: string }>) {
  const queryKey: QueryKey = [...myExamsKey, 'history', req];
  return queryOptions({
    queryKey,
    queryFn: () => api.post<PageReply<MiExamen>>('/inscripcionexamen/my-exams', req),
  });
}

export function useAvailableExams() {
  return useQuery({
    queryKey: [...myExamsKey, 'available'],
    queryFn: () => api.post<PageReply<MiExamen>>('/inscripcionexamen/available', { page: 1, pageSize: 100 }),
  });
}
