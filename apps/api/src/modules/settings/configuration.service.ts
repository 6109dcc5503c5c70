import {
  CONFIGURACION_KEYS,
  MSG_CONFIG,
  type Configuracion,
  type ConfiguracionSave,
  type Membrete,
} from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { normaliseLogo } from '../../lib/logo.js';
import type { AuthUser } from '../auth/auth-user.js';
import { deleteLogo, hasLogo, LOGO_KEY, readLogo, saveSettingValues } from './settings.repository.js';
import { forgetCachedSettings, getSettings } from './settings.service.js';

/** 'Configuración': the figures and names as they rule now, and whether a logo is loaded. */
export async function readConfiguracion(db: DbOrTx): Promise<Configuracion> {
  const settings = await getSettings(db);
  const figures = Object.fromEntries(CONFIGURACION_KEYS.map((k) => [k, settings[k]])) as ConfiguracionSave;
  return { ...figures, tieneLogo: await hasLogo(db) };
}

/**
 * Saves every key in one transaction (the `configuracion` trigger audits each changed one with who and
 * when). This process reads the table again at once; other API processes within their cache time.
 */
export async function saveConfiguracion(db: DbOrTx, user: AuthUser, input: ConfiguracionSave): Promise<Configuracion> {
  await writeTx(db, user.id, (tx) => saveSettingValues(tx, input));
  forgetCachedSettings();
  return readConfiguracion(db);
}

export async function membrete(db: DbOrTx): Promise<Membrete> {
  const s = await getSettings(db);
  return {
    universidad: s.nombreUniversidad,
    facultad: s.nombreFacultad,
    decano: s.nombreDecano,
    sitio: s.sitioFacultad,
    tieneLogo: await hasLogo(db),
  };
}

export async function saveLogo(db: DbOrTx, user: AuthUser, upload: Buffer): Promise<void> {
  const png = await normaliseLogo(upload);
  await writeTx(db, user.id, (tx) => saveSettingValues(tx, { [LOGO_KEY]: png.toString('base64') }));
}

export async function removeLogo(db: DbOrTx, user: AuthUser): Promise<void> {
  await writeTx(db, user.id, (tx) => deleteLogo(tx));
}

/** The logo as png bytes, or undefined when none is loaded. */
export async function logoPng(db: DbOrTx): Promise<Buffer | undefined> {
  const stored = await readLogo(db);
  if (stored === undefined) return undefined;
  try {
    return Buffer.from(JSON.parse(stored) as string, 'base64');
  } catch {
    return undefined;
  }
}

export async function requireLogo(db: DbOrTx): Promise<Buffer> {
  const png = await logoPng(db);
  if (!png) throw AppError.notFound(MSG_CONFIG.logoMissing);
  return png;
}
