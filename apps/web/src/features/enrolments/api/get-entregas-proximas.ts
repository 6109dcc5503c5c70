import { entregaEndpoints as e } from '@arandu/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';

/** `GET /api/entregas/proximas`: the student's homework handed in through Arandu due soon (issue 46). */
export function useEntregasProximas() {
  return useQuery({ queryKey: ['entregas', 'proximas'], queryFn: () => call(e.upcoming) });
}
