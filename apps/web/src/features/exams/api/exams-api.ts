import {
  examenEndpoints as e,
  examenInscripcionEndpoints as ie,
  type ActaExtra,
  type ExamenSave,
  type Inscribir,
  type InscripcionesSave,
  type RectificacionSave,
  type UpdateCalificacion,
} from '@arandu/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.exams;
const myKeys = queryKeys.myExams;

export interface ExamenFilters {
  viewPageAs: number | null;
  estado: number[];
  periodo: number[];
}

/** `POST /api/exams/all`. */
export function examenesQueryOptions(req: ListRequest<ExamenFilters>) {
  return queryOptions({ queryKey: keys.list(req), queryFn: () => call(e.list, { body: listBody(req) }) });
}

/** `GET /api/exams/{id}`. */
export function useExamen(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `GET /api/exams/form_data`, or `/form_data/{periodoId}` with that period's subjects. */
export function useExamenFormData(periodoId: number | null) {
  return useQuery({
    queryKey: keys.formData(periodoId),
    queryFn: () => (periodoId ? call(e.formDataOf, { params: { id: periodoId } }) : call(e.formData)),
  });
}

/** `GET /api/exams/report/{id}/{extra}`. */
export function useActa(id: number, extra: ActaExtra) {
  return useQuery({
    queryKey: keys.acta(id, extra),
    queryFn: () => call(e.acta, { params: { id, extra } }),
  });
}

/** `PUT /api/exams/alumnos-materia/{id}`: the subject's students to add to or remove from the exam. */
export function useAlumnosMateriaExamen(examenId: number, search: string) {
  return useQuery({
    queryKey: keys.alumnosMateria(examenId, search),
    queryFn: () => call(e.alumnosMateria, { params: { id: examenId }, body: { filters: search ? { search } : {} } }),
  });
}

/** `GET /api/inscripcionexamen/form_data/{examId}/true`. */
export function useInscripcionFormData(examenId: number) {
  return useQuery({
    queryKey: keys.inscriptionFormData(examenId),
    queryFn: () => call(ie.formDataOf, { params: { examId: examenId, loadStudents: 'true' } }),
  });
}

/** `GET /api/inscripcionexamen/{id}`. */
export function useInscripcion(id: number | null) {
  return useQuery({
    queryKey: keys.inscription(id),
    queryFn: () => call(ie.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** Every exam mutation refreshes the lists and the exam it touched. */
function useExamenesMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: myKeys.all }),
      ]),
  });
}

export const useSaveExamen = () => useExamenesMutation((body: ExamenSave) => call(e.save, { body }));
export const useDeleteExamen = () => useExamenesMutation((id: number) => call(e.remove, { params: { id } }));
/** The web sends the exam as it holds it; the server reads only its id. */
export const useStampExamen = () => useExamenesMutation((examen: { id: number }) => call(e.stamp, { body: examen }));
export const useOpenExamen = () =>
  useExamenesMutation((examen: { id: number; motivo: string; resolucion: string }) => call(e.open, { body: examen }));

/** `GET /api/exams/{id}/rectificaciones`. */
export function useRectificaciones(examenId: number) {
  return useQuery({
    queryKey: keys.rectifications(examenId),
    queryFn: () => call(e.rectificaciones, { params: { id: examenId } }),
  });
}

export const useRectificar = (examenId: number) =>
  useExamenesMutation((body: RectificacionSave) => call(e.rectificar, { params: { id: examenId }, body }));

export const useSaveInscripciones = () => useExamenesMutation((body: InscripcionesSave) => call(ie.saveMany, { body }));
export const useInscribir = () => useExamenesMutation((body: Inscribir) => call(ie.inscribir, { body }));
export const useDeleteInscripcion = () => useExamenesMutation((id: number) => call(ie.remove, { params: { id } }));
export const useInscribirme = () =>
  useExamenesMutation((body: { examenId: number; perfilAlumnoId: number }) =>
    call(ie.inscribirme, { body: { ...body, id: 0, calificacion: 0 } }),
  );

/** `POST /api/inscripcionexamen/update-score`: one cell of the scores table. */
export function updateCalificacion(body: UpdateCalificacion) {
  return call(ie.updateScore, { body });
}

/** `GET /api/exams/download-score-report/{id}`: the 'Respaldo docente' xlsx. */
export function downloadCalificacionReport(id: number): Promise<Blob> {
  return call(e.scoreReportDownload, { params: { id } });
}

/** `POST /api/inscripcionexamen/my-exams`: the student's exam history. */
export function myExamenesQueryOptions(req: ListRequest<{ search: string }>) {
  return queryOptions({ queryKey: myKeys.history(req), queryFn: () => call(ie.myExams, { body: listBody(req) }) });
}

/** `POST /api/inscripcionexamen/available`. */
export function useAvailableExamenes() {
  return useQuery({
    queryKey: myKeys.available,
    queryFn: () => call(ie.available, { body: { page: 1, pageSize: 100 } }),
  });
}
