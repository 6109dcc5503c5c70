import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { advanceAuditCount } from '../audit/audit.service.js';

/** How often the audit log's count checkpoint moves up; the list counts only the rows since (migration 0011). */
const EVERY_MS = 5 * 60_000;

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
