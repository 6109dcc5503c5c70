import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import qrcode from 'qrcode-generator';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const TOTP_STEP_SECONDS = 30;
const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_STEP_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommendation) in base32, as the apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totpOf(secret, account, issuer).toString();
}

/** The QR of an otpauth:// URL as an SVG data URL (no binary, no canvas). */
export function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The 30-second step a code belongs to, when it is right for now or the step just before or after (a phone's
 * clock a little off, or a code typed as it changed); null otherwise. Taking the step is the caller's job:
 * a step at or before the last one taken is a replay.
 */
export function totpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS) + delta;
}

/** The code of a moment (tests compute what the app would show). */
export function totpCode(secret: string, nowMs = Date.now()): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes as `xxxxx-xxxxx` (~49 bits each): typed from paper, so without look-alikes. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    let s = '';
    for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** Whether what was typed looks like a recovery code rather than a 6-digit code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return normaliseRecoveryCode(code).length === 10;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * What is stored of a recovery code: its SHA-256 with the user's id. A fast hash is enough for ~49 random
 * bits behind the login throttles; argon2 would cost 18 ms for each of ten codes at set-up.
 */
export function recoveryCodeHash(usuarioId: number, code: string): string {
  return createHash('sha256')
    .update(`${usuarioId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}
