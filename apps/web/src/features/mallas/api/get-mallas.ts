import type { Malla, MallaFormData, MallaMateriaRow, MallaRow, PageReply } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

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

export const mallasKey = ['mallas'] as const;

export function getMallas(request: ListRequest<MallaFilters>): Promise<PageReply<MallaRow>> {
  return api.post('/mallas/all', request);
}

export function mallasQueryOptions(request: ListRequest<MallaFilters>) {
  const queryKey: QueryKey = [...mallasKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getMallas(request) });
}

export function getMalla(id: number): Promise<Malla> {
  return api.get(`/mallas/${id}`);
}

export function useMalla(id: number | null) {
  return useQuery({ queryKey: [...mallasKey, 'one', id], queryFn: () => getMalla(id ?? 0), enabled: id !== null });
}

export function getMallaFormData(): Promise<MallaFormData> {
  return api.get('/mallas/form_data');
}

export function useMallaFormData() {
  return useQuery({ queryKey: [...mallasKey, 'form-data'], queryFn: getMallaFormData });
}

export function getMallaMaterias(
  mallaId: number,
  request: ListRequest<MallaMateriaFilters>,
): Promise<PageReply<MallaMateriaRow>> {
  return api.post(`/mallas/${mallaId}/materias/all`, request);
}

export function mallaMateriasQueryOptions(mallaId: number, request: ListRequest<MallaMateriaFilters>) {
  const queryKey: QueryKey = [...mallasKey, 'materias', mallaId, request];
  return queryOptions({ queryKey, queryFn: () => getMallaMaterias(mallaId, request) });
}
