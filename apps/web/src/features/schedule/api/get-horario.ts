import { horarioEndpoints as e, type HorarioTitular } from '@arandu/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { queryKeys } from '../../../lib/query-keys';

/** Whose week a screen shows: one's own, or (staff) a student's, professor's or room's. */
export type HorarioDe = { titular: 'mio' } | { titular: HorarioTitular; id: number };

/** `GET /api/horario/mio` or `/api/horario/{titular}/{id}` for `desde`..`hasta` (aaaa-mm-dd). */
export function useHorario(de: HorarioDe, desde: string, hasta: string) {
  return useQuery({
    queryKey: queryKeys.horario.range(de.titular, 'id' in de ? de.id : 0, desde, hasta),
    queryFn: () =>
      'id' in de
        ? call(e.of, { params: { titular: de.titular, id: de.id }, query: { desde, hasta } })
        : call(e.mio, { query: { desde, hasta } }),
    // The week being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
