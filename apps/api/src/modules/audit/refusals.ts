import type { DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './audit.repository.js';

/** What a refused attempt was aimed at, for its audit row. */
export interface RefusedAttempt {
  /** The table the attempt would have changed, and the key of the row. */
  tabla: string;
  clave: number;
  /** The action as the user would name it ('Restablecer contraseña'). */
  accion: string;
}

/** A 403 that is written to the audit log (see `auditingRefusals`). */
export class AuditedRefusal extends AppError {
  constructor(
    message: string,
    readonly attempt: RefusedAttempt,
  ) {
    super(403, message);
  }
}

/**
 * Runs `work`; an `AuditedRefusal` it throws is recorded in the audit log, then thrown on. The record is
 * written in a transaction of its own, after `work`'s has rolled back: the refusal changes nothing, and its
 * trace survives it.
 */
export async function auditingRefusals<T>(db: DbOrTx, actorId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AuditedRefusal) {
      const { tabla, clave, accion } = err.attempt;
      await writeTx(db, actorId, (tx) =>
        repo.insertRefusal(tx, {
          usuarioId: actorId,
          nombreTabla: tabla,
          clavePrimaria: String(clave),
          accion,
          motivo: err.message,
        }),
      );
    }
    throw err;
  }
}
