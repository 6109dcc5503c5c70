import {
  MSG_WEBAUTHN,
  type AuthenticationOptions,
  type AuthenticationResponse,
  type RegistrationOptions,
  type RegistrationResponse,
} from '@arandu/shared';

/*
 * The browser's half of security keys and passkeys (WebAuthn, issue 41 item 7), shared by the login's second
 * step and 'Seguridad'. @simplewebauthn/browser is loaded the first time a key is used, so the login page
 * downloads it only for a user who reaches for a key.
 */
const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use keys at all (an old one, or a page not served over https or localhost). */
export function webauthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** `navigator.credentials.create` with the server's options: the new key's answer. */
export async function createPasskey(optionsJSON: RegistrationOptions): Promise<RegistrationResponse> {
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON });
}

/** `navigator.credentials.get` with the server's options: a key's signature of its challenge. */
export async function signWithPasskey(optionsJSON: AuthenticationOptions): Promise<AuthenticationResponse> {
  const { startAuthentication } = await browser();
  return startAuthentication({ optionsJSON });
}

/**
 * What to tell the person when the browser's part failed (not the server's: that one brings its own
 * Spanish message). Cancelling and the key's timeout look the same to the page (NotAllowedError).
 */
export function passkeyFailure(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return MSG_WEBAUTHN.sameAuthenticator;
  }
  if (name === 'NotSupportedError' || code === 'ERROR_INVALID_DOMAIN') return MSG_WEBAUTHN.unsupported;
  return MSG_WEBAUTHN.cancelled;
}
