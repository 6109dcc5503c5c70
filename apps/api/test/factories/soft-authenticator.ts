import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, RegistrationResponse } from '@arandu/shared';

/**
 * A security key in software for the API tests (a real one needs a person to touch it): ES256 keys, the
 * 'none' attestation, and a signature counter the test can set, so that a copy of a key (a clone, whose
 * counter lags behind the original's) can be played. The browser's part (clientDataJSON) is written here too,
 * for the origin the test says the page was on.
 */
export class SoftAuthenticator {
  private readonly keys = new Map<string, { privateKey: KeyObject; counter: number }>();

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /**
   * `navigator.credentials.create` answering the server's options: a new key, or with `again` one this
   * authenticator already holds (as a replayed or copied registration would bring it).
   */
  register(options: { challenge: string }, opts: { origin?: string; again?: string } = {}): RegistrationResponse {
    const held = opts.again === undefined ? undefined : this.keys.get(opts.again);
    const credentialId = held ? Buffer.from(isoBase64URL.toBuffer(opts.again!)) : randomBytes(16);
    const privateKey = held?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(0x45, 0), // user present, user verified, attested credential data
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestation = new Map<string, string | Map<string, never> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, never>());
    attestation.set('authData', authData);
    const attestationObject = isoCBOR.encode(attestation);
    const id = isoBase64URL.fromBuffer(credentialId);
    if (!held) this.keys.set(id, { privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, opts.origin ?? this.origin),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get`: the key signs the challenge, its counter one up (or as `counter` says). */
  sign(
    options: { challenge: string },
    id: string,
    opts: { counter?: number; origin?: string } = {},
  ): AuthenticationResponse {
    const key = this.keys.get(id);
    if (!key) throw new Error(`this authenticator holds no key ${id}`);
    key.counter = opts.counter ?? key.counter + 1;
    const authData = this.authDataHead(0x05, key.counter);
    const clientDataJSON = clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const signed = Buffer.concat([
      authData,
      createHash('sha256').update(isoBase64URL.toBuffer(clientDataJSON)).digest(),
    ]);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(sign('sha256', signed, key.privateKey)),
      },
      clientExtensionResults: {},
    };
  }

  /** A copy of one key (same private key) on another authenticator, its counter where the copy was made. */
  cloneKey(id: string, into: SoftAuthenticator): void {
    const key = this.keys.get(id);
    if (!key) throw new Error(`this authenticator holds no key ${id}`);
    into.keys.set(id, { ...key });
  }

  private authDataHead(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count]);
  }
}

function clientData(type: string, challenge: string, origin: string): string {
  return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}
