import { mallaEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface MallaFilters {
  nombre: string;
  carrera: string;
  /** 'YYYY-MM-DD' or null. */
  fechaVigencia: string | null;
}

export interface MallaMateriaFilters {
  semestre: number | null;
  materia: string;
}

const keys = queryKeys.mallas;

/** `POST /api/mallas/all`. */
export function mallasQueryOptions(request: ListRequest<MallaFilters>) {
  return queryOptions({ queryKey: keys.list(request), queryFn: () => call(e.list, { body: listBody(request) }) });
}

/** `GET /api/mallas/{id}`. */
export function useMalla(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `GET /api/mallas/form_data`: the careers and subjects to choose from. */
export function useMallaFormData() {
  return useQuery({ queryKey: keys.formData, queryFn: () => call(e.formData) });
}

/** `POST /api/mallas/{id}/materias/all`: the malla's subject table. */
export function mallaMateriasQueryOptions(mallaId: number, request: ListRequest<MallaMateriaFilters>) {
  return queryOptions({
    queryKey: keys.materias(mallaId, request),
    queryFn: () => call(e.listMaterias, { params: { id: mallaId }, body: listBody(request) }),
  });
}
