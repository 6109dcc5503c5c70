import { MSG, MSG_SECURITY, type Settings, type SignInMethod } from '@arandu/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { clear, hitInOrder, hitInOrderAlongside } from './counters.repository.js';
import { unaudited } from '../../db/tx.js';

/**
 * Password checks an account may have a minute, from all addresses together: a slow-down against guessing
 * from many addresses, short enough that a stranger cannot keep the owner out for long (decision record 006).
 */
export const ACCOUNT_CHECKS_PER_MINUTE = 10;

/** The counter of one account's failures from one address; a right password clears it. */
export const pairKey = (email: string, ip: string) => `login:par:${email.toLowerCase()}|${ip}`;

/**
 * Reserves one password check for `email` from `ip`, before the password is looked at; throws 429 when a
 * limit is spent. Every counter is bumped and read in one statement, so parallel guesses cannot all pass:
 * - one address: `loginMaxIntentosPorMinutoIp` attempts a minute, whatever the accounts;
 * - one account from one address: `loginMaxFallos` failures lock that pair for `loginBloqueoMinutos` (a
 *   stranger's failures from elsewhere do not lock the owner out);
 * - one account from anywhere: `ACCOUNT_CHECKS_PER_MINUTE` checks a minute.
 * Login and set-new-password (which checks the current password) both go through here.
 */
export async function reservePasswordCheck(
  db: DbOrTx,
  settings: Settings,
  email: string,
  ip: string,
  who: LockoutWitness = {},
) {
  const limits = loginLimits(settings, email, ip);
  await refuseIfSpent(db, limits, await hitInOrder(db, limits), { email, ip, ...who });
}

/** Who a refusal concerns, for its record in `eventos_seguridad` (the e-mail and address are the check's). */
export interface LockoutWitness {
  usuarioId?: number | null;
  userAgent?: string | undefined;
  metodo?: SignInMethod;
}

/**
 * `reservePasswordCheck`, reading the row of `alongside` (a query of at most one row) in the same statement:
 * the login finds its user there, one round trip fewer on the path every student takes on enrolment day.
 */
export async function reservePasswordCheckReading<T extends Record<string, unknown>>(
  db: DbOrTx,
  settings: Settings,
  email: string,
  ip: string,
  alongside: SQL,
  who: LockoutWitness = {},
): Promise<T | undefined> {
  const limits = loginLimits(settings, email, ip);
  const { counts, row } = await hitInOrderAlongside<T>(db, limits, alongside);
  const usuarioId = typeof row?.id === 'number' ? row.id : null;
  await refuseIfSpent(db, limits, counts, { email, ip, usuarioId, ...who });
  return row;
}

function loginLimits(settings: Settings, email: string, ip: string) {
  return [
    {
      key: `login:ip:${ip}`,
      seconds: 60,
      limit: settings.loginMaxIntentosPorMinutoIp,
      refusal: MSG.tooManyLoginAttempts,
    },
    {
      key: pairKey(email, ip),
      seconds: settings.loginBloqueoMinutos * 60,
      limit: settings.loginMaxFallos,
      refusal: MSG.accountLocked,
    },
    {
      key: `login:cuenta:${email.toLowerCase()}`,
      seconds: 60,
      limit: ACCOUNT_CHECKS_PER_MINUTE,
      refusal: MSG_SECURITY.accountBusy,
    },
  ];
}

/**
 * The first counter past its limit decides; the ones after it were not bumped. The refusal that spends a
 * window (its count one past the limit) is recorded in `eventos_seguridad`, once a window: a flood of refused
 * guesses writes one row, not one a guess.
 */
async function refuseIfSpent(
  db: DbOrTx,
  limits: ReturnType<typeof loginLimits>,
  counts: (number | null)[],
  who: LockoutWitness & { email: string; ip: string },
): Promise<void> {
  const at = limits.findIndex((l, i) => counts[i] === null || counts[i]! > l.limit);
  if (at < 0) return;
  const spent = limits[at]!;
  if (counts[at] === spent.limit + 1) {
    await recordSecurityEvent(unaudited(db), {
      tipo: 'ingreso_bloqueado',
      usuarioId: who.usuarioId ?? null,
      email: who.email,
      metodo: who.metodo ?? null,
      client: { ip: who.ip, userAgent: who.userAgent },
      motivo: spent.refusal,
    });
  }
  throw AppError.tooManyRequests(spent.refusal);
}

/** A right password: the pair's failures are forgotten (login does it in its session's statement). */
export async function passwordCheckSucceeded(db: DbOrTx, email: string, ip: string): Promise<void> {
  await clear(unaudited(db), pairKey(email, ip));
}
