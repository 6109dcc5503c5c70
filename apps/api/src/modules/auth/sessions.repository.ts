import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sesiones } from '../../db/schema/index.js';
import type { UnauditedWriter } from '../../db/tx.js';

/** A user's sessions still within their limits, the latest used first. */
export async function listSessions(db: DbOrTx, usuarioId: number, limits: { idleMs: number; maxMs: number }) {
  return db
    .select({
      id: sesiones.id,
      createdAt: sesiones.createdAt,
      lastUsedAt: sesiones.lastUsedAt,
      address: sesiones.direccion,
      userAgent: sesiones.agenteUsuario,
    })
    .from(sesiones)
    .where(
      and(
        eq(sesiones.usuarioId, usuarioId),
        sql`${sesiones.lastUsedAt} > now() - ${limits.idleMs} * interval '1 millisecond'`,
        sql`${sesiones.createdAt} > now() - ${limits.maxMs} * interval '1 millisecond'`,
      ),
    )
    .orderBy(desc(sesiones.lastUsedAt), desc(sesiones.id));
}

/** Ends one session of a user; false when it is not theirs (or is gone). */
export async function endSession(db: UnauditedWriter, usuarioId: number, sessionId: number): Promise<boolean> {
  const gone = await db
    .delete(sesiones)
    .where(and(eq(sesiones.id, sessionId), eq(sesiones.usuarioId, usuarioId)))
    .returning({ id: sesiones.id });
  return gone.length > 0;
}

/** Ends every session of a user but `keep` (null: all of them); how many ended. */
export async function endSessionsBut(db: UnauditedWriter, usuarioId: number, keep: number | null): Promise<number> {
  const gone = await db
    .delete(sesiones)
    .where(and(eq(sesiones.usuarioId, usuarioId), keep === null ? undefined : ne(sesiones.id, keep)))
    .returning({ id: sesiones.id });
  return gone.length;
}
