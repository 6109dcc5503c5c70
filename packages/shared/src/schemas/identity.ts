import { z } from 'zod';
import { MSG_IDENTITY } from '../messages-identity.js';
import { PASSWORD_MAX, zLoginReply } from './auth.js';
import { zPasswordText, zText } from './text.js';

/** A code as typed: a 6-digit TOTP code or a recovery code (spaces and dashes ignored when checked). */
export const zMfaCode = zText({ error: MSG_IDENTITY.mfaCodeRequired })
  .trim()
  .min(1, MSG_IDENTITY.mfaCodeRequired)
  .max(40, MSG_IDENTITY.mfaCodeInvalid);

export const zMfaCodeBody = z.strictObject({ code: zMfaCode });
export type MfaCodeBody = z.infer<typeof zMfaCodeBody>;

/** `POST /api/users/mfa/setup`: the secret in text, the otpauth:// URL and its QR as an SVG data URL. */
export const zMfaSetupReply = z.object({ secret: z.string(), otpauthUrl: z.string(), qr: z.string() });
export type MfaSetupReply = z.infer<typeof zMfaSetupReply>;

export const zRecoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesReply = z.infer<typeof zRecoveryCodesReply>;

export const zMfaStatus = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The faculty asks this user (staff) to have it on. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof zMfaStatus>;

/** The password was right; the session waits for the second factor (5 minutes, single use). */
export const zMfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof zMfaChallenge>;

export const zLoginOutcome = z.union([zLoginReply, zMfaChallenge]);
export type LoginOutcome = z.infer<typeof zLoginOutcome>;

export const zMfaLogin = z.strictObject({
  mfaToken: zText({ error: MSG_IDENTITY.mfaChallengeExpired }).min(1).max(100),
  code: zMfaCode,
});
export type MfaLogin = z.infer<typeof zMfaLogin>;

export const zOidcLogin = z.strictObject({ ticket: zText().min(1).max(100) });

/**
 * `POST /api/users/logout` when the session came from an institutional sign-in and the provider offers an
 * end_session_endpoint: where the browser goes next, so the provider's session ends as well (otherwise 204).
 */
export const zLogoutReply = z.object({ endSessionUrl: z.string() });

/** The actor's own password, asked again before a factor is removed or reset (re-authentication, issue 41). */
export const zReauthPassword = zPasswordText({ error: MSG_IDENTITY.reauthPasswordRequired })
  .min(1, MSG_IDENTITY.reauthPasswordRequired)
  .max(PASSWORD_MAX);

/** `POST /api/users/mfa/disable`: one's own factor goes only with one's password and a current code. */
export const zMfaDisable = z.strictObject({ code: zMfaCode, password: zReauthPassword });
export type MfaDisable = z.infer<typeof zMfaDisable>;

/**
 * Staff's reset of someone else's factor: the reason, and the actor's own password and current code (a session
 * left open on a desk is not enough to strip a colleague's factor).
 */
export const zMfaReset = z.strictObject({
  motivo: zText({ error: MSG_IDENTITY.mfaReasonRequired }).trim().min(1, MSG_IDENTITY.mfaReasonRequired).max(500),
  password: zReauthPassword,
  code: zMfaCode,
});
export type MfaReset = z.infer<typeof zMfaReset>;

/** One open session in 'Mis sesiones'. */
export const zSessionInfo = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof zSessionInfo>;
export const zSessionList = z.object({ items: z.array(zSessionInfo) });
export const zSessionsEnded = z.object({ ended: z.number().int() });

/**
 * `GET|PUT /api/settings/second-factor`: 'Segundo factor obligatorio para administradores y funcionarios'
 * (the `configuracion` key `segundoFactorObligatorio`), for an administrator; `configured` says whether
 * MFA_ENCRYPTION_KEY is set (without it the setting cannot be turned on: nobody could comply).
 */
export const zSecondFactorSetting = z.object({ segundoFactorObligatorio: z.boolean(), configured: z.boolean() });
export type SecondFactorSetting = z.infer<typeof zSecondFactorSetting>;
export const zSecondFactorSettingSave = z.strictObject({
  segundoFactorObligatorio: z.boolean({ error: MSG_IDENTITY.mfaSettingRequired }),
});
