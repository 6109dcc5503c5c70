import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profesorMateriasKey } from './get-profesor-materias';

/** The star of 'Materias asignadas': adds the subject to the professor's dashboard or takes it off. */
export function toggleDashboard(id: number): Promise<{ id: number; mostrarEnTablero: boolean }> {
  return api.post('/Professors/add_subject_dashboard', { id });
}

export function useToggleDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleDashboard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profesorMateriasKey }),
  });
}
