import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';

/**
 * The signing keys of every issuer (issue #32): one RS256 (RSA 2048, required by OpenID Connect
 * Discovery) and one ES256 (P-256) key, kept in the database so that every server process signs
 * with the same keys. Created once: each process inserts under a fixed id and, when another process
 * won that race, reads the winner's key.
 *
 * Rotation (`rotate`) publishes a new key of each algorithm at once and lets it sign only from
 * `activates_at` = now + `KEY_PUBLICATION_DELAY_S` on; until then the previous keys keep signing.
 * Every process re-reads the key set at most every `refreshMs` (60 s) and rebuilds its providers
 * within a pool check (5 s), so by the time a new key signs, every process's JWKS lists it (and
 * an RP that cached the JWKS for up to the delay has it too). At activation the previous keys are
 * retired: still published (never signing) until every token they signed has expired —
 * `RETIRED_KEY_PUBLISHED_S` covers the longest lifetime of a signed token (ID tokens 1 h, JWT
 * access tokens at most 24 h) plus clock tolerance. Then they leave the JWKS and are deleted.
 * A process that read the set shortly before the activation signs with the previous key for at
 * most `refreshMs` longer: harmless, that key is published for another 25 h.
 */

export const OIDC_KEY_ALGORITHMS = ['RS256', 'ES256'] as const;
export type OidcKeyAlgorithm = (typeof OIDC_KEY_ALGORITHMS)[number];

/** How long a retired key stays in the JWKS: 24 h (longest JWT lifetime) + 1 h tolerance. */
export const RETIRED_KEY_PUBLISHED_S = 25 * 3600;

/** How often a process re-reads the key set (its JWKS follows within one pool check, 5 s). */
export const KEY_REFRESH_MS = 60_000;

/**
 * How long a rotated-in key is published before it signs: ≥ every process's re-read (60 s) plus
 * its provider check (5 s), with room for RPs' JWKS caches (jose's createRemoteJWKSet keeps a JWKS
 * 10 minutes; it re-fetches earlier on an unknown `kid`).
 */
export const KEY_PUBLICATION_DELAY_S = 600;

/** A private JWK as oidc-provider takes it (`jwks.keys`). */
export type PrivateJwk = Record<string, string> & { kid: string; alg: OidcKeyAlgorithm; use: 'sig' };

interface KeyDocument {
  _id: string;
  kid: string;
  alg: OidcKeyAlgorithm;
  private_jwk: PrivateJwk;
  created_at: Date;
  /** Signs from then on (published before); absent or null: since `created_at`. */
  activates_at?: Date | null;
  /** When a newer key of the same algorithm takes (took) over signing. */
  retired_at: Date | null;
  /** The key leaves the JWKS (and is deleted) after this. */
  publish_until: Date | null;
}

export interface OidcKeySet {
  /** Signing keys first (one per algorithm), then keys about to sign, then retired keys still published. */
  keys: PrivateJwk[];
  /** Changes whenever the set changes (providers built with an older set are rebuilt). */
  version: string;
}

export interface OidcKeys {
  /** The current set, read at most every `refreshMs` (created on first use). */
  current(): Promise<OidcKeySet>;
  /**
   * New keys for both algorithms, published at once and signing after `publicationDelayS`
   * (default KEY_PUBLICATION_DELAY_S; 0 for an emergency: a leaked key); the previous ones sign
   * until then and stay published for RETIRED_KEY_PUBLISHED_S after. Answers the new set.
   */
  rotate(options?: { publicationDelayS?: number }): Promise<OidcKeySet>;
  /** Reads the set now (what every process does within `refreshMs`). */
  refresh(): Promise<OidcKeySet>;
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
  const refreshMs = options.refreshMs ?? KEY_REFRESH_MS;
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
    const activation = (d: KeyDocument) => (d.activates_at ?? d.created_at).getTime();
    const newestFirst = (a: KeyDocument, b: KeyDocument) =>
      activation(b) - activation(a) || b.created_at.getTime() - a.created_at.getTime();
    const signing = OIDC_KEY_ALGORITHMS.map((alg) => {
      const ofAlg = published.filter((d) => d.alg === alg);
      // The newest active key of each algorithm that is not retired yet signs; should none be
      // (dates moved by hand), the newest unretired one, else the newest of all.
      const active = ofAlg.filter(
        (d) => activation(d) <= at.getTime() && (!d.retired_at || d.retired_at > at),
      );
      return (
        [...active].sort(newestFirst)[0] ??
        ofAlg.filter((d) => !d.retired_at || d.retired_at > at).sort(newestFirst)[0] ??
        [...ofAlg].sort(newestFirst)[0]
      );
    }).filter((d): d is KeyDocument => Boolean(d));
    // oidc-provider signs with the first key of an algorithm: the signing ones lead.
    const pending = published.filter((d) => !signing.includes(d) && activation(d) > at.getTime());
    const retired = published.filter((d) => !signing.includes(d) && !pending.includes(d));
    const keys = [...signing, ...pending, ...retired].map((d) => d.private_jwk);
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

    async rotate(rotation = {}) {
      await load();
      const at = now();
      const delayS = rotation.publicationDelayS ?? KEY_PUBLICATION_DELAY_S;
      const activatesAt = new Date(at.getTime() + Math.max(0, delayS) * 1000);
      // Every key not retired yet (the signing ones, and any still waiting from an earlier
      // rotation) hands over at the new keys' activation.
      const previous = await collection()
        .find({ $or: [{ retired_at: null }, { retired_at: { $gt: activatesAt } }] })
        .toArray();
      const fresh = OIDC_KEY_ALGORITHMS.map((alg) => generate(alg));
      await collection().insertMany(
        fresh.map((private_jwk) => ({
          _id: `${private_jwk.alg}-${randomBytes(8).toString('hex')}`,
          kid: private_jwk.kid,
          alg: private_jwk.alg,
          private_jwk,
          // Newer than every existing key, even within one millisecond.
          created_at: new Date(at.getTime() + 1),
          activates_at: activatesAt,
          retired_at: null,
          publish_until: null,
        })),
      );
      await collection().updateMany(
        { _id: { $in: previous.map((d) => d._id) } },
        {
          $set: {
            retired_at: activatesAt,
            publish_until: new Date(activatesAt.getTime() + RETIRED_KEY_PUBLISHED_S * 1000),
          },
        },
      );
      cached = null;
      return load();
    },

    refresh() {
      cached = null;
      return load();
    },
  };
}
