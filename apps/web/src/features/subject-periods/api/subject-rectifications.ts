import { materiaPeriodoEndpoints as e, type RectificacionMateriaSave } from '@arandu/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

const rectificacionesKey = queryKeys.subjectPeriods.rectifications;

/** The rectifications of a sealed subject-period's record (issue 30); asked only once it is sealed. */
export function useRectificacionesMateria(id: number, enabled: boolean) {
  return useQuery({
    queryKey: rectificacionesKey(id),
    queryFn: () => call(e.rectificaciones, { params: { id } }),
    enabled,
  });
}

/** Seals a rectification; the grades list and the rectifications are read again (they both change). */
export function useRectificarMateria(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RectificacionMateriaSave) => call(e.rectificar, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rectificacionesKey(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectPeriods.alumnos(id) }),
      ]),
  });
}
