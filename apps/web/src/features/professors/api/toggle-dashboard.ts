import { profesorEndpoints as e } from '@arandu/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** The star of 'Materias asignadas': adds the subject to the professor's dashboard or takes it off. */
export function useToggleDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.toggleDashboard, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.professors.all }),
  });
}
