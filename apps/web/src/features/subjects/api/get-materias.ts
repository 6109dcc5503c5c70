import type { Materia, MateriaFormData, MateriaRow, PageReply } from '@arandu/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../../components/data-list/data-list';
import { api } from '../../../lib/api-client';

export interface MateriaFilters {
  nombre: string;
  codigo: string;
  carreraId: number | null;
}

export const materiasKey = ['materias'] as const;

export function getMaterias(request: ListRequest<MateriaFilters>): Promise<PageReply<MateriaRow>> {
  return api.post('/materias/all', request);
}

export function materiasQueryOptions(request: ListRequest<MateriaFilters>) {
  const queryKey: QueryKey = [...materiasKey, 'list', request];
  return queryOptions({ queryKey, queryFn: () => getMaterias(request) });
}

export function getMateria(id: number): Promise<Materia> {
  return api.get(`/materias/${id}`);
}

export function useMateria(id: number | null) {
  return useQuery({
    queryKey: [...materiasKey, 'one', id],
    queryFn: () => getMateria(id ?? 0),
    enabled: id !== null,
  });
}

export function getMateriaFormData(): Promise<MateriaFormData> {
  return api.get('/materias/form_data');
}

export function useMateriaFormData() {
  return useQuery({ queryKey: [...materiasKey, 'form-data'], queryFn: getMateriaFormData });
}
