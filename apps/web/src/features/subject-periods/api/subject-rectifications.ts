import type { RectificacionMateria, RectificacionMateriaSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alumnosQueryKey, materiasPeriodoKey } from './get-materias-periodo';

const rectificacionesKey = (id: number) => [...materiasPeriodoKey, 'rectificaciones', id];

/** The rectifications of a sealed subject-period's record (issue 30); asked only once it is sealed. */
export function useRectificacionesMateria(id: number, enabled: boolean) {
  return useQuery({
    queryKey: rectificacionesKey(id),
    queryFn: () => api.get<RectificacionMateria[]>(`/MateriasPeriodo/${id}/rectificaciones`),
    enabled,
  });
}

/** Seals a rectification; the grades list and the rectifications are read again (they both change). */
export function useRectificarMateria(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RectificacionMateriaSave) =>
      api.post<RectificacionMateria>(`/MateriasPeriodo/${id}/rectificaciones`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rectificacionesKey(id) }),
        queryClient.invalidateQueries({ queryKey: alumnosQueryKey(id) }),
      ]),
  });
}
