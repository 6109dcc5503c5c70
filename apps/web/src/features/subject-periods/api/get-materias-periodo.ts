import { MAX_PAGE_SIZE, materiaPeriodoEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface MateriaPeriodoFilters {
  malla: string;
  materia: string;
  codigo: string;
  profesor: string;
  periodoId: number | null;
}

const keys = queryKeys.subjectPeriods;

/** `POST /api/MateriasPeriodo/all`. */
export function materiasPeriodoQueryOptions(request: ListRequest<MateriaPeriodoFilters>) {
  return queryOptions({ queryKey: keys.list(request), queryFn: () => call(e.list, { body: listBody(request) }) });
}

/** `GET /api/MateriasPeriodo/{id}`. */
export function useMateriaPeriodo(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `GET /api/MateriasPeriodo/form_data`. */
export function useMateriaPeriodoFormData() {
  return useQuery({ queryKey: keys.formData, queryFn: () => call(e.formData) });
}

/** `GET /api/MateriasPeriodo/subjects/{mallaId}`. */
export function useMallaMaterias(mallaId: number | null) {
  return useQuery({
    queryKey: keys.mallaSubjects(mallaId),
    queryFn: () => call(e.mallaSubjects, { params: { id: mallaId ?? 0 } }),
    enabled: !!mallaId,
  });
}

/** The Calificaciones tab asks for every student in one page (spec 03 section 7); no class is larger. */
export const ALL_ALUMNOS_PAGE = MAX_PAGE_SIZE;

/** `POST /api/MateriasPeriodo/{id}/alumnos`. */
export function useAlumnosMateria(id: number) {
  return useQuery({
    queryKey: keys.alumnos(id),
    queryFn: () => call(e.alumnos, { params: { id }, body: { page: 1, pageSize: ALL_ALUMNOS_PAGE } }),
  });
}

/** `GET /api/MateriasPeriodo/{id}/alumnos-download`: Alumnos.xlsx. */
export function downloadAlumnos(id: number): Promise<Blob> {
  return call(e.alumnosDownload, { params: { id } });
}

/** `GET /api/MateriasPeriodo/inscription-students/{id}`. */
export function useMoveSectionData(id: number) {
  return useQuery({
    queryKey: keys.move(id),
    queryFn: () => call(e.moveData, { params: { id } }),
  });
}
