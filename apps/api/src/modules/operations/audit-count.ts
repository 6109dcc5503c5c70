import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

/** How often the audit log's count checkpoint moves up; the list counts only the rows since (migration 0011). */
const EVERY_MS = 5 * 60_000;

export async function advanceAuditCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`select auditoria_conteo_avanzar()::text as filas`)) as unknown as {
    rows: { filas: string }[];
  };
  return Number(result.rows[0]!.filas);
}

/** Keeps the tail that 'Auditoría de cambios' counts short, whatever the traffic. */
export function keepAuditCountCurrent(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      advanceAuditCount(db).catch((err: unknown) => app.log.warn({ err }, 'audit count checkpoint failed'));
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
