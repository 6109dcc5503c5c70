import { materiaEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBody, type ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface MateriaFilters {
  nombre: string;
  codigo: string;
  carreraId: number | null;
}

/** `POST /api/materias/all`. */
export function materiasQueryOptions(request: ListRequest<MateriaFilters>) {
  return queryOptions({
    queryKey: queryKeys.subjects.list(request),
    queryFn: () => call(e.list, { body: listBody(request) }),
  });
}

/** `GET /api/materias/{id}`. */
export function useMateria(id: number | null) {
  return useQuery({
    queryKey: queryKeys.subjects.detail(id),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `GET /api/materias/form_data`: the careers to choose from. */
export function useMateriaFormData() {
  return useQuery({ queryKey: queryKeys.subjects.formData, queryFn: () => call(e.formData) });
}
