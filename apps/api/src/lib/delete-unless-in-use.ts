import type { Db } from '../db/client.js';
import { writeTx, type WriteTx } from '../db/tx.js';
import { AppError, findPgError, PG } from './errors.js';

/**
 * Deletes one row in an audited transaction: 404 when it is not there, 400 with `inUse` when a foreign key
 * still refers to it (the database, not a count read before, decides whether it is in use).
 */
export async function deleteUnlessInUse(
  db: Db,
  userId: number,
  deleteRow: (tx: WriteTx) => Promise<boolean>,
  messages: { notFound: string; inUse: string },
): Promise<void> {
  try {
    await writeTx(db, userId, async (tx) => {
      if (!(await deleteRow(tx))) throw AppError.notFound(messages.notFound);
    });
  } catch (err) {
    if (findPgError(err)?.code === PG.foreignKeyViolation) throw AppError.badRequest(messages.inUse);
    throw err;
  }
}
