import { ENROL_MSG } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { readLinePicture, reasons, type LineContext } from './enrolment-lines.js';

interface OfferLine {
  materiaPeriodoId: number;
  inscripto: boolean;
  aprobada: boolean;
  cupo: number | null;
  tomados: number | null;
}

/**
 * What the enrolment form shows on each line before the student chooses (issue 44): every reason the subject
 * cannot be taken as things stand, by the same rules and words as Guardar and 'Validar' (enrolment-lines.ts'
 * `reasons`, read in the one statement a save reads), and a capped section's seats left (0 when it looks full:
 * no free seat or students already waiting, the save's own hint). A passed subject is told by `aprobada`, not
 * repeated as a reason; a subject the student is in has none.
 */
export async function annotateOffer<T extends OfferLine>(
  db: DbOrTx,
  ctx: Pick<LineContext, 'perfilAlumnoId' | 'mallaId' | 'activePeriodoId' | 'now'>,
  offer: T[],
): Promise<(Omit<T, 'cupo' | 'tomados'> & { motivos: string[]; cupo: { cupo: number; quedan: number } | null })[]> {
  const p =
    offer.length > 0
      ? await readLinePicture(
          db,
          ctx,
          offer.map((o) => o.materiaPeriodoId),
        )
      : undefined;
  return offer.map(({ cupo, tomados, ...line }) => {
    const materia = p?.subjects.get(line.materiaPeriodoId);
    const motivos =
      !p || line.inscripto || line.aprobada
        ? []
        : reasons(ctx, p, materia).filter((m) => m !== ENROL_MSG.alreadyPassed);
    const full = p?.full.has(line.materiaPeriodoId) ?? false;
    const lugares = cupo === null ? null : { cupo, quedan: full ? 0 : Math.max(0, cupo - (tomados ?? 0)) };
    return { ...line, motivos, cupo: lugares };
  });
}
