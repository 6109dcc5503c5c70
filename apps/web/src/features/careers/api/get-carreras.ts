import { carreraEndpoints as e } from '@arandu/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

export interface CarreraFilters {
  nombre: string;
  codigo: string;
}

/** `POST /api/carreras/all`. */
export function carrerasQueryOptions(request: ListRequest<CarreraFilters>) {
  return queryOptions({ queryKey: queryKeys.careers.list(request), queryFn: () => call(e.list, { body: request }) });
}

/** `GET /api/carreras/{id}`. */
export function useCarrera(id: number | null) {
  return useQuery({
    queryKey: queryKeys.careers.detail(id ?? 0),
    queryFn: () => call(e.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}
