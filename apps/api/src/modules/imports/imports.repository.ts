import { sql } from 'drizzle-orm';
import { TIPOS_IMPORTACION, type ImportResumen, type TipoImportacion } from '@arandu/shared';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';

/** The advisory-lock namespace of imports ('ARIM'); the second key is the kind. */
const LOCK_NAMESPACE = 0x4152494d;

/**
 * One apply of a kind at a time, across every API process: a transaction-scoped advisory lock, released by
 * the commit or rollback. Answers false at once when another apply holds it (no waiting in line).
 */
export async function tryLockImport(tx: WriteTx, tipo: TipoImportacion): Promise<boolean> {
  const [row] = await rows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${TIPOS_IMPORTACION.indexOf(tipo)}::int) as locked`,
  );
  return row?.locked === true;
}

/**
 * The import's own entry in the audit log, beside the rows' entries the trigger writes: who imported which
 * file, and what it did. `auditoria` is append-only; the API's role may insert into it (db/roles.ts).
 */
export async function insertImportAudit(
  tx: WriteTx,
  entry: { usuarioId: number; tipo: TipoImportacion; archivo: string; filas: number; resumen: ImportResumen },
): Promise<void> {
  const values = { tipo: entry.tipo, archivo: entry.archivo, filas: entry.filas, ...entry.resumen };
  await tx.execute(
    sql`insert into auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas, valores_nuevos)
        values (${entry.usuarioId}, 'INSERT', 'importaciones', ${entry.tipo},
                array['tipo', 'archivo', 'filas', 'crear', 'actualizar', 'sinCambios', 'errores'],
                ${JSON.stringify(values)}::jsonb)`,
  );
}
