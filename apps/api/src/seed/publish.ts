import type { SQL } from 'drizzle-orm';
import { EstadoPublicacion, SETTINGS_DEFAULTS } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { materiasPeriodo } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

/**
 * Publishes the subject-periods matching `published` five days after their classes ended, then seals those
 * matching `sealed` ten days later, as staff would have. Run after their enrolments: the database refuses
 * enrolment changes once a subject-period is published.
 */
export async function publishMaterias(tx: Tx, finClases: string, published: SQL, sealed?: SQL): Promise<void> {
  const publicado = new Date(Date.parse(finClases) + 5 * DAY_MS);
  const expiracion = new Date(publicado);
  expiracion.setUTCMonth(expiracion.getUTCMonth() + SETTINGS_DEFAULTS.vigenciaDerechoExamenMeses);
  await tx
    .update(materiasPeriodo)
    .set({
      estado: EstadoPublicacion.Publicado,
      fechaPublicado: publicado.toISOString(),
      fechaExpiracion: expiracion.toISOString(),
    })
    .where(published);
  if (!sealed) return;
  await tx
    .update(materiasPeriodo)
    .set({ estado: EstadoPublicacion.Sellado, fechaSellado: new Date(publicado.getTime() + 10 * DAY_MS).toISOString() })
    .where(sealed);
}
