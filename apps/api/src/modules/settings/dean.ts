import type { DbOrTx } from '../../db/client.js';
import { readSettingRows } from './settings.repository.js';

/**
 * The dean's name printed under the 'Decano' line of the actas, or null when the faculty has not set it. Read
 * from `configuracion` ('nombreDecano', a JSON string) until the 'Configuración' screen's letterhead (issue 30)
 * owns it: this is the one place the actas ask.
 */
export async function deanName(db: DbOrTx): Promise<string | null> {
  const row = (await readSettingRows(db)).find((r) => r.clave === 'nombreDecano');
  if (!row) return null;
  try {
    const value: unknown = JSON.parse(row.valor);
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}
