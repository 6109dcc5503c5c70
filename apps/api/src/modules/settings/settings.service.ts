import { zSettings, type Settings } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { readSettingRows } from './settings.repository.js';

/** Settings change rarely; each process re-reads them at most this often, so every request need not. */
const CACHE_MS = 30_000;

let cached: { at: number; value: Settings } | undefined;
/**
 * Bumped by every forget: a read that started before a write and ends after it must not put the old values back
 * in the cache (seen: the second factor turned off, then 30 s of 'obligatorio' from a status read in flight).
 */
let generation = 0;

export async function getSettings(db: DbOrTx): Promise<Settings> {
  const now = Date.now();
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const startedIn = generation;
  const raw: Record<string, unknown> = {};
  for (const row of await readSettingRows(db)) {
    try {
      raw[row.clave] = JSON.parse(row.valor);
    } catch {
      // A hand-edited value that is not JSON: the default stands in for it.
    }
  }
  // Unknown or out-of-range values fall back to their default one by one rather than failing the request.
  const value = Object.fromEntries(
    Object.entries(zSettings.shape).map(([key, schema]) => {
      const parsed = schema.safeParse(raw[key]);
      return [key, parsed.success ? parsed.data : schema.parse(undefined)];
    }),
  ) as Settings;
  if (startedIn === generation) cached = { at: now, value };
  return value;
}

/** After a write to `configuracion` in this process (tests): the next request reads the table again. */
export function forgetCachedSettings(): void {
  cached = undefined;
  generation += 1;
}
