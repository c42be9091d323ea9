/**
 * A software passkey for tests (issue 15): an ES256 key pair, answering WebAuthn registration ('none' attestation)
 * and authentication options exactly as a browser and an authenticator would, for a given page origin. So the
 * server's real @simplewebauthn/server checks run against real signatures; a test changes the origin, the counter,
 * the flags or the challenge to see each refused.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export type SoftAuthenticatorOptions = { origin: string; rpID: string };
type Flags = { userPresent?: boolean; userVerified?: boolean };

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;
  constructor(
    public origin: string,
    public rpID: string,
    keys?: { privateKey: KeyObject; publicKey: KeyObject; credentialId: Buffer },
  ) {
    const pair = keys ?? { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }), credentialId: randomBytes(32) };
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.credentialId = pair.credentialId;
  }

  get id() {
    return b64u(this.credentialId);
  }

  private flagsByte({ userPresent = true, userVerified = true }: Flags, attested: boolean) {
    return (userPresent ? 0x01 : 0) | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  }

  private authData(rpID: string, flags: Flags, attestedCredential?: Buffer) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpID), Buffer.from([this.flagsByte(flags, !!attestedCredential)]), counter, attestedCredential ?? Buffer.alloc(0)]);
  }

  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const map = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
    ]);
    return Buffer.from(isoCBOR.encode(map));
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (navigator.credentials.create). */
  register(options: { challenge: string; rp?: { id?: string } }, over: { origin?: string; rpID?: string; challenge?: string } & Flags = {}) {
    const credIdLen = Buffer.alloc(2);
    credIdLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), credIdLen, this.credentialId, this.coseKey()]);
    const authData = this.authData(over.rpID ?? options.rp?.id ?? this.rpID, over, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', over.challenge ?? options.challenge, over.origin ?? this.origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (navigator.credentials.get); the counter goes up by one first. */
  authenticate(options: { challenge: string; rpId?: string }, over: { origin?: string; rpID?: string; challenge?: string; counter?: number } & Flags = {}) {
    this.counter = over.counter ?? this.counter + 1;
    const authData = this.authData(over.rpID ?? options.rpId ?? this.rpID, over);
    const clientDataJSON = this.clientData('webauthn.get', over.challenge ?? options.challenge, over.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature) },
      clientExtensionResults: {},
    };
  }
}
