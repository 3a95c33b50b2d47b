import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';

/**
 * A software authenticator built from node:crypto alone (an ES256 P-256 key, 'none' attestation),
 * so the server's WebAuthn verification runs for real and nothing here trusts the library: the
 * CBOR, authenticatorData, clientDataJSON and signatures are made by hand after the WebAuthn spec.
 */

// ---- a minimal CBOR encoder (RFC 8949): unsigned/negative integers, byte and text strings, maps

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  flags?: number;
  /** The signature counter to report (default: the authenticator's own, raised by one). */
  counter?: number;
  /** The user handle to return (default: the one stored at registration). */
  userHandle?: string | null;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle: string | null = null;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for `options` (as the server answered them), in JSON form. */
  attest(options: { challenge: string; user?: { id: string } }, overrides: CeremonyOverrides = {}) {
    this.userHandle = options.user?.id ?? null;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([overrides.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.AT]),
      counter,
      Buffer.alloc(16), // AAGUID: zeros, as with 'none' attestation
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      overrides.type ?? 'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() for `options`: signs authenticatorData ‖ SHA-256(clientDataJSON). */
  assert(options: { challenge: string }, overrides: CeremonyOverrides = {}) {
    const signCount = overrides.counter ?? (this.counter += 1);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([overrides.flags ?? FLAGS.UP | FLAGS.UV]),
      counter,
    ]);
    const clientDataJSON = this.clientData(
      overrides.type ?? 'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const userHandle = overrides.userHandle === undefined ? this.userHandle : overrides.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

/** An authenticator for the test app's relying party (PUBLIC_URL's host and origin). */
export function authenticatorFor(ctx: TestContext): SoftAuthenticator {
  const url = new URL(ctx.config.publicUrl);
  return new SoftAuthenticator(url.hostname, url.origin);
}

/** Registers `authenticator` on the signed-in account; answers the created passkey. */
export async function registerPasskey(
  ctx: TestContext,
  accessToken: string,
  authenticator: SoftAuthenticator,
  name?: string,
): Promise<{ id: string; name: string }> {
  const options = await ctx.request
    .post('/api/v1/auth/mfa/passkeys/options')
    .set(bearer(accessToken))
    .expect(200);
  const created = await ctx.request
    .post('/api/v1/auth/mfa/passkeys')
    .set(bearer(accessToken))
    .send({ name, response: authenticator.attest(options.body) })
    .expect(201);
  return created.body as { id: string; name: string };
}
