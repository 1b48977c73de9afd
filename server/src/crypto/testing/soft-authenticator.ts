// A software passkey for tests: a real ES256 key pair (node:crypto) that answers
// WebAuthn registration ('none' attestation) and authentication the way a browser's
// authenticator does, so @simplewebauthn/server verifies genuine signatures.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

/** Minimal CBOR encoder: small integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Buffer[] = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64u = (b: Buffer): string => b.toString('base64url');

export interface SoftAuthenticatorOptions {
  rpID?: string;
  origin?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  readonly rpID: string;
  readonly origin: string;

  constructor(opts: SoftAuthenticatorOptions = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    // app.inject talks to host localhost:80.
    this.rpID = opts.rpID ?? 'localhost';
    this.origin = opts.origin ?? 'http://localhost:80';
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  private authData(attested: boolean): Buffer {
    const rpIdHash = createHash('sha256').update(this.rpID).digest();
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    // UP (0x01) | UV (0x04) | AT (0x40) when credential data follows.
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
    if (!attested) return Buffer.concat([rpIdHash, flags, count]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([rpIdHash, flags, count, Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** What startRegistration() would return for these options, as the JSON text the client posts. */
  register(options: { challenge: string }, overrides: { origin?: string; challenge?: string } = {}): string {
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(true)],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** What startAuthentication() would return for these options, as JSON text. */
  assert(options: { challenge: string }, overrides: { origin?: string; challenge?: string } = {}): string {
    const authenticatorData = this.authData(false);
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, this.privateKey); // DER, as WebAuthn expects for ES256
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authenticatorData), signature: b64u(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
