import type { Carrera, CarreraRow, PageReply } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface CarreraFilters {
  nombre: string;
  codigo: string;
}

export const carrerasKey = ['carreras'] as const;

export function getCarreras(request: ListRequest<CarreraFilters>): Promise<PageReply<CarreraRow>> {
  return api.post('/carreras/all', request);
}

export function carrerasQueryOptions(request: ListRequest<CarreraFilters>) {
  const queryKey: QueryKey = [...carrerasKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getCarreras(request) });
}

export function getCarrera(id: number): Promise<Carrera> {
  return api.get(`/carreras/${id}`);
}

export function carreraQueryOptions(id: number) {
  return queryOptions({ queryKey: [...carrerasKey, 'one', id], queryFn: () => getCarrera(id) });
}

export function useCarrera(id: number | null) {
  return useQuery({ ...carreraQueryOptions(id ?? 0), enabled: id !== null });
}
