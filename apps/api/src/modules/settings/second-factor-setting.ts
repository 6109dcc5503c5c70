import { MSG_IDENTITY, type SecondFactorSetting } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configuracion } from '../../db/schema/index.js';
import { writeTx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { forgetCachedSettings, getSettings } from './settings.service.js';

const KEY = 'segundoFactorObligatorio';
const DESCRIPTION = 'Segundo factor obligatorio para administradores y funcionarios';

export async function secondFactorSetting(db: Db, mfaConfigured: boolean): Promise<SecondFactorSetting> {
  return { segundoFactorObligatorio: (await getSettings(db)).segundoFactorObligatorio, configured: mfaConfigured };
}

/**
 * An administrator turns the staff's second factor on or off (audited: `configuracion` has the audit trigger).
 * Turning it on takes effect at the next request of every staff member without the factor (the gate of
 * decision record 018), the administrator included; never without MFA_ENCRYPTION_KEY.
 */
export async function saveSecondFactorSetting(
  db: Db,
  actor: AuthUser,
  on: boolean,
  mfaConfigured: boolean,
): Promise<SecondFactorSetting> {
  if (on && !mfaConfigured) throw AppError.conflict(MSG_IDENTITY.mfaNotConfigured);
  await writeTx(db, actor.id, (tx) =>
    tx
      .insert(configuracion)
      .values({ clave: KEY, valor: JSON.stringify(on), descripcion: DESCRIPTION })
      .onConflictDoUpdate({ target: configuracion.clave, set: { valor: sql`excluded.valor` } }),
  );
  forgetCachedSettings();
  return secondFactorSetting(db, mfaConfigured);
}
