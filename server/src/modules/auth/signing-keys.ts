import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthModels } from './auth.model.js';
import { VerifiedTokens } from './verified-tokens.js';

export interface AccessTokenClaims {
  sub: string;
  sid: string;
  email: string;
  /** The account's user pool (core/pools.ts); absent in tokens from before pools. */
  pool?: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
}

export interface PublicJwk {
  kty: string;
  kid: string;
  alg: string;
  use: 'sig';
  [member: string]: unknown;
}

export interface SigningKeys {
  readonly kid: string;
  readonly alg: 'ES256' | 'RS256';
  /** `audience` defaults to the dashboard's; embedding sessions pass their application id. */
  signAccessToken(claims: {
    sub: string;
    sid: string;
    email: string;
    pool: string;
    audience?: string;
    ttlS?: number;
    /** An end user's application `roles` and `permissions` (embedding sessions of a project pool). */
    roles?: { roles: string[]; permissions: string[] };
  }): {
    token: string;
    expiresAt: Date;
  };
  /**
   * Verifies signature (allow-listed algorithm, matching kid), issuer, audience (the dashboard's
   * or an application id) and expiry. Which audience a route accepts is the caller's decision.
   */
  verifyAccessToken(token: string): AccessTokenClaims;
  jwks(): { keys: PublicJwk[] };
}

const CURRENT_KEY_ID = 'current';
/** Verified access tokens kept per process (verified-tokens.ts): ~10,000 × ~0.6 KB. */
const VERIFIED_TOKENS_CAPACITY = 10_000;
/** Embedding sessions carry their application's id (a MongoDB ObjectId) as audience. */
const APPLICATION_AUDIENCE = /^[0-9a-f]{24}$/;

function algorithmOf(key: KeyObject): 'ES256' | 'RS256' {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error('JWT_PRIVATE_KEY must be an RSA key or an EC key on the P-256 curve (PKCS#8 or SEC1 PEM).');
}

/** RFC 7638 thumbprint: a key id derived from the public key, identical in every process. */
function thumbprint(jwk: Record<string, unknown>): string {
  const members = jwk.kty === 'EC' ? ['crv', 'kty', 'x', 'y'] : ['e', 'kty', 'n'];
  const canonical = JSON.stringify(Object.fromEntries(members.map((name) => [name, jwk[name]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Loads the key from JWT_PRIVATE_KEY, else the one stored in the database, else creates and stores one. */
async function loadPrivateKeyPem(models: AuthModels, configuredPem: string | undefined): Promise<string> {
  if (configuredPem) return configuredPem;
  const stored = await models.SigningKeys.findById(CURRENT_KEY_ID).lean();
  if (stored) return stored.private_key_pem;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as Record<string, unknown>;
  try {
    await models.SigningKeys.create({
      _id: CURRENT_KEY_ID,
      kid: thumbprint(jwk),
      alg: 'ES256',
      private_key_pem: pem,
    });
    return pem;
  } catch (error) {
    // Another server process created the key first: use theirs so all processes agree.
    if (!isDuplicateKey(error)) throw error;
    const winner = await models.SigningKeys.findById(CURRENT_KEY_ID).lean();
    if (!winner) throw error;
    return winner.private_key_pem;
  }
}

export async function loadSigningKeys(options: {
  models: AuthModels;
  configuredPem: string | undefined;
  issuer: string;
  audience: string;
  accessTokenTtlS: number;
  /** The clock of the verified-token cache (tests); jsonwebtoken reads the real one. */
  now?: () => number;
}): Promise<SigningKeys> {
  const privateKey = createPrivateKey(await loadPrivateKeyPem(options.models, options.configuredPem));
  const publicKey = createPublicKey(privateKey);
  const alg = algorithmOf(privateKey);
  const publicJwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const kid = thumbprint(publicJwk);
  const verified = new VerifiedTokens<AccessTokenClaims>(VERIFIED_TOKENS_CAPACITY, options.now);
  // The JOSE header is the same for every token of this key (jsonwebtoken's: alg, typ, kid).
  const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT', kid })).toString('base64url');
  // ES256 signatures are r‖s (IEEE P1363), as JWS wants, not DER; RS256 is PKCS#1 v1.5.
  const signingKey = alg === 'ES256' ? { key: privateKey, dsaEncoding: 'ieee-p1363' as const } : privateKey;

  return {
    kid,
    alg,
    signAccessToken(claims) {
      // Signed here rather than by jsonwebtoken: the same token (header, claims in jsonwebtoken's
      // order, signature), without its per-call option validation, key checks and the decode of
      // its own output — a refresh signs one token per request. Verification stays jsonwebtoken's.
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + (claims.ttlS ?? options.accessTokenTtlS);
      const payload = {
        sid: claims.sid,
        email: claims.email,
        pool: claims.pool,
        ...claims.roles,
        iat,
        exp,
        aud: claims.audience ?? options.audience,
        iss: options.issuer,
        sub: claims.sub,
      };
      const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      const signature = sign('sha256', Buffer.from(input), signingKey).toString('base64url');
      return { token: `${input}.${signature}`, expiresAt: new Date(exp * 1000) };
    },
    verifyAccessToken(token) {
      const known = verified.get(token);
      if (known === 'expired') throw new AppError(AuthErrors.TOKEN_EXPIRED);
      if (known) return known;
      let decoded: jwt.Jwt;
      try {
        // Only our own algorithm is accepted: this refuses `alg: none` and HS256 tokens
        // "signed" with the public key as an HMAC secret.
        decoded = jwt.verify(token, publicKey, {
          algorithms: [alg],
          issuer: options.issuer,
          audience: [options.audience, APPLICATION_AUDIENCE],
          complete: true,
        });
      } catch (error) {
        if (error instanceof jwt.TokenExpiredError) throw new AppError(AuthErrors.TOKEN_EXPIRED);
        throw new AppError(AuthErrors.INVALID_TOKEN);
      }
      const payload = decoded.payload as Partial<AccessTokenClaims>;
      if (
        decoded.header.kid !== kid ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.aud !== 'string'
      ) {
        throw new AppError(AuthErrors.INVALID_TOKEN);
      }
      // Frozen: the same object answers every later request with this token.
      const claims = Object.freeze(payload) as AccessTokenClaims;
      // A token without `exp` (never ours) is not kept: nothing would bound its entry.
      if (typeof claims.exp === 'number') verified.set(token, claims);
      return claims;
    },
    jwks() {
      return { keys: [{ ...publicJwk, kid, alg, use: 'sig' } as PublicJwk] };
    },
  };
}
