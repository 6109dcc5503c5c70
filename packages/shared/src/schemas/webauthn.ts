import { z } from 'zod';
import { MSG_IDENTITY } from '../messages-identity.js';
import { MSG_WEBAUTHN } from '../messages-webauthn.js';
import { zPasswordText, zText } from './text.js';
import { zMfaCode } from './identity.js';

/*
 * WebAuthn's JSON forms (W3C WebAuthn level 3, as @simplewebauthn writes and reads them): the options the
 * server hands the browser, and the browser's response. The server checks a response's content with
 * @simplewebauthn/server; these schemas bound its shape and sizes.
 */

/** Base64url as WebAuthn writes it, bounded (an attestation with a certificate chain is a few KB). */
const zB64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
/** 'usb', 'nfc', 'internal', 'hybrid'…: kept as the browser says them (the list grows with the standard). */
const zTransport = zText().max(20);
const zUserVerification = z.enum(['discouraged', 'preferred', 'required']);
const zHint = z.enum(['hybrid', 'security-key', 'client-device']);
const zDescriptor = z.object({
  id: zB64(1400),
  type: z.string(),
  transports: z.array(zTransport).max(10).optional(),
});

/** `navigator.credentials.create`'s options, as JSON. */
export const zRegistrationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(zDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: zUserVerification.optional(),
    })
    .optional(),
  hints: z.array(zHint).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof zRegistrationOptions>;

/** `navigator.credentials.get`'s options, as JSON. */
export const zAuthenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(zDescriptor).optional(),
  userVerification: zUserVerification.optional(),
  hints: z.array(zHint).optional(),
});
export type AuthenticationOptions = z.infer<typeof zAuthenticationOptions>;

const zResponseBase = {
  id: zB64(1400),
  rawId: zB64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

/** A new key's answer (`startRegistration` in the browser). */
export const zRegistrationResponse = z.object({
  ...zResponseBase,
  response: z.object({
    clientDataJSON: zB64(4000),
    attestationObject: zB64(40_000),
    authenticatorData: zB64(20_000).optional(),
    transports: z.array(zTransport).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: zB64(4000).optional(),
  }),
});
export type RegistrationResponse = z.infer<typeof zRegistrationResponse>;

/** A key's signature of a challenge (`startAuthentication` in the browser). */
export const zAuthenticationResponse = z.object({
  ...zResponseBase,
  response: z.object({
    clientDataJSON: zB64(4000),
    authenticatorData: zB64(20_000),
    signature: zB64(2000),
    userHandle: zB64(200).optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof zAuthenticationResponse>;

export const zPasskeyName = zText({ error: MSG_WEBAUTHN.nameRequired })
  .trim()
  .min(1, MSG_WEBAUTHN.nameRequired)
  .max(60, MSG_WEBAUTHN.nameTooLong);

/** `POST /api/users/mfa/webauthn/register/verify`: the name the user gives the key and the key's answer. */
export const zPasskeyRegister = z.strictObject({ name: zPasskeyName, response: zRegistrationResponse });
export type PasskeyRegister = z.infer<typeof zPasskeyRegister>;

/** One of the user's keys in 'Llaves de seguridad y passkeys'. */
export const zPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof zPasskey>;
export const zPasskeyList = z.object({ items: z.array(zPasskey) });

/** The login's second step: which factors this user can answer with (asked with the login's mfaToken). */
export const zMfaTokenBody = z.strictObject({
  mfaToken: zText({ error: MSG_IDENTITY.mfaChallengeExpired }).min(1).max(100),
});
export const zMfaMethods = z.object({ totp: z.boolean(), webauthn: z.boolean() });
export type MfaMethods = z.infer<typeof zMfaMethods>;

export const zPasskeyLogin = zMfaTokenBody.extend({ response: zAuthenticationResponse });
export type PasskeyLogin = z.infer<typeof zPasskeyLogin>;

/**
 * Removing a key asks for re-authentication (issue 41 items 4 and 7): the current password, and a current
 * code of the authenticator app or a key's signature of a challenge from `confirm/options`.
 */
export const zPasskeyRemove = z
  .strictObject({
    password: zPasswordText({ error: MSG_WEBAUTHN.passwordRequired }).min(1, MSG_WEBAUTHN.passwordRequired).max(128),
    code: zMfaCode.optional(),
    response: zAuthenticationResponse.optional(),
  })
  .refine((b) => b.code !== undefined || b.response !== undefined, {
    message: MSG_WEBAUTHN.proofRequired,
    path: ['code'],
  });
export type PasskeyRemove = z.infer<typeof zPasskeyRemove>;
