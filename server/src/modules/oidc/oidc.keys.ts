import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';

/**
 * The signing keys of every issuer (issue #32): one RS256 (RSA 2048, required by OpenID Connect
 * Discovery) and one ES256 (P-256) key, kept in the database so that every server process signs
 * with the same keys. Created once: each process inserts under a fixed id and, when another process
 * won that race, reads the winner's key.
 *
 * Rotation (`rotate`) makes a new key of each algorithm the signing key and keeps the previous
 * ones published in the JWKS (never signing with them) until every token they signed has expired:
 * `RETIRED_KEY_PUBLISHED_S` covers the longest lifetime of a signed token (ID tokens 1 h, JWT
 * access tokens at most 24 h) plus clock tolerance. Then they leave the JWKS and are deleted.
 */

export const OIDC_KEY_ALGORITHMS = ['RS256', 'ES256'] as const;
export type OidcKeyAlgorithm = (typeof OIDC_KEY_ALGORITHMS)[number];

/** How long a retired key stays in the JWKS: 24 h (longest JWT lifetime) + 1 h tolerance. */
export const RETIRED_KEY_PUBLISHED_S = 25 * 3600;

/** A private JWK as oidc-provider takes it (`jwks.keys`). */
export type PrivateJwk = Record<string, string> & { kid: string; alg: OidcKeyAlgorithm; use: 'sig' };

interface KeyDocument {
  _id: string;
  kid: string;
  alg: OidcKeyAlgorithm;
  private_jwk: PrivateJwk;
  created_at: Date;
  /** Set when a newer key of the same algorithm took over signing. */
  retired_at: Date | null;
  /** The key leaves the JWKS (and is deleted) after this. */
  publish_until: Date | null;
}

export interface OidcKeySet {
  /** Signing keys first (one per algorithm), then retired keys still published. */
  keys: PrivateJwk[];
  /** Changes whenever the set changes (providers built with an older set are rebuilt). */
  version: string;
}

export interface OidcKeys {
  /** The current set, read at most every `refreshMs` (created on first use). */
  current(): Promise<OidcKeySet>;
  /** New signing keys for both algorithms; the previous ones stay published. Answers the new set. */
  rotate(): Promise<OidcKeySet>;
}

/** RFC 7638 thumbprint of the public members: the key id, the same in every process. */
function thumbprint(jwk: Record<string, string>): string {
  const members = jwk.kty === 'EC' ? ['crv', 'kty', 'x', 'y'] : ['e', 'kty', 'n'];
  const canonical = JSON.stringify(Object.fromEntries(members.map((name) => [name, jwk[name]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

function generate(alg: OidcKeyAlgorithm): PrivateJwk {
  const { privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>;
  return { ...jwk, kid: thumbprint(jwk), alg, use: 'sig' };
}

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

export function createOidcKeys(options: { db: () => Db; refreshMs?: number; now?: () => Date }): OidcKeys {
  const now = options.now ?? (() => new Date());
  const refreshMs = options.refreshMs ?? 60_000;
  const collection = (): Collection<KeyDocument> => options.db().collection<KeyDocument>('oidc_signing_keys');
  let cached: { set: OidcKeySet; readAt: number } | null = null;
  let loading: Promise<OidcKeySet> | null = null;

  /** The first key of an algorithm: inserted under a fixed id, so concurrent processes agree. */
  async function ensureInitial(alg: OidcKeyAlgorithm): Promise<void> {
    const private_jwk = generate(alg);
    try {
      await collection().insertOne({
        _id: `initial-${alg}`,
        kid: private_jwk.kid,
        alg,
        private_jwk,
        created_at: now(),
        retired_at: null,
        publish_until: null,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async function read(): Promise<OidcKeySet> {
    let documents = await collection().find({}).toArray();
    const missing = OIDC_KEY_ALGORITHMS.filter((alg) => !documents.some((d) => d.alg === alg));
    if (missing.length > 0) {
      await Promise.all(missing.map(ensureInitial));
      documents = await collection().find({}).toArray();
    }
    const at = now();
    const expired = documents.filter((d) => d.publish_until && d.publish_until <= at);
    if (expired.length > 0) await collection().deleteMany({ _id: { $in: expired.map((d) => d._id) } });
    const published = documents.filter((d) => !expired.includes(d));
    const signing = OIDC_KEY_ALGORITHMS.map(
      (alg) =>
        // The newest unretired key of each algorithm signs (two at once only mid-rotation).
        published
          .filter((d) => d.alg === alg && !d.retired_at)
          .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0],
    ).filter((d): d is KeyDocument => Boolean(d));
    const retired = published.filter((d) => !signing.includes(d));
    const keys = [...signing, ...retired].map((d) => d.private_jwk);
    return { keys, version: keys.map((k) => k.kid).join(',') };
  }

  async function load(): Promise<OidcKeySet> {
    loading ??= read()
      .then((set) => {
        cached = { set, readAt: Date.now() };
        return set;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async current() {
      if (cached && Date.now() - cached.readAt < refreshMs) return cached.set;
      return load();
    },

    async rotate() {
      await load();
      const at = now();
      const previous = await collection().find({ retired_at: null }).toArray();
      const fresh = OIDC_KEY_ALGORITHMS.map((alg) => generate(alg));
      await collection().insertMany(
        fresh.map((private_jwk) => ({
          _id: `${private_jwk.alg}-${randomBytes(8).toString('hex')}`,
          kid: private_jwk.kid,
          alg: private_jwk.alg,
          private_jwk,
          // Newer than every existing key, even within one millisecond.
          created_at: new Date(at.getTime() + 1),
          retired_at: null,
          publish_until: null,
        })),
      );
      await collection().updateMany(
        { _id: { $in: previous.map((d) => d._id) } },
        { $set: { retired_at: at, publish_until: new Date(at.getTime() + RETIRED_KEY_PUBLISHED_S * 1000) } },
      );
      cached = null;
      return load();
    },
  };
}
