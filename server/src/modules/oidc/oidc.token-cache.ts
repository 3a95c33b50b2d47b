import type { AdapterPayload } from 'oidc-provider';
import { CredentialCache, type RevocationFeed, type RevocationKind } from '../../lib/revocations.js';

/**
 * Access tokens read once per process (issue #32/#38: introspection ≥ 40 % of hello-world, each
 * introspection read its token from the database): the stored payload of an opaque access token or
 * client-credentials token is kept in memory after its first read, under the same rules as the
 * session and API-token caches (lib/revocations.ts, docs/performance.md):
 *
 * - **Same process: at once.** Revoking a token (the revocation endpoint, `destroy`) or a grant
 *   (`revokeByGrantId`: a refresh token or code used twice, logout) first deletes it in MongoDB,
 *   then drops it here before the provider answers.
 * - **Other processes: within FRESH_MS (750 ms).** The revocation goes out on the revocation feed;
 *   the cache answers only while the feed is fresh, and a read that overlapped any invalidation is
 *   not kept.
 * - Entries live at most TOKEN_CACHE_MS and never past the token's own expiry; unknown tokens are
 *   not remembered (a token another process just issued is found on its first introspection).
 */

/** Models whose tokens are cached: the ones introspection and resource servers ask about. */
export const CACHED_TOKEN_MODELS: ReadonlySet<string> = new Set(['AccessToken', 'ClientCredentials']);
export const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX_ENTRIES = 10_000;

/**
 * The feed's kind for OpenID tokens: `{pool}:{model}:{id}` for one token, `grant:{pool}:{grantId}`
 * for every token of a grant (every other listener of the feed ignores kinds it does not handle).
 */
const OIDC_TOKEN: RevocationKind = 'oidc_token';

/** What the adapter read of a token. */
export interface StoredToken {
  payload: AdapterPayload;
  /** ms since the epoch, or null (no expiry). */
  expiresAt: number | null;
  grantId: string | undefined;
}

export interface OidcTokenCache {
  /** The token's payload: from memory when allowed, else `load()`'s (kept when allowed). */
  read(
    poolId: string,
    model: string,
    id: string,
    load: () => Promise<StoredToken | undefined>,
  ): Promise<AdapterPayload | undefined>;
  /** After the token was deleted: drops it here and in every other process. */
  revoke(poolId: string, model: string, id: string): Promise<void>;
  /** After a grant's tokens were deleted: drops them here and in every other process. */
  revokeGrant(poolId: string, grantId: string): Promise<void>;
}

export function createOidcTokenCache(feed: RevocationFeed): OidcTokenCache {
  const cache = new CredentialCache<StoredToken>(TOKEN_CACHE_MS, TOKEN_CACHE_MAX_ENTRIES);
  feed.subscribe((kind, key) => {
    if (kind !== OIDC_TOKEN) return;
    if (!key.startsWith('grant:')) return cache.delete(key);
    // Grant ids are random: the pool in the key only keeps the records readable.
    const grantId = key.slice(key.indexOf(':', 'grant:'.length) + 1);
    cache.deleteWhere((token) => token.grantId === grantId);
  });
  const keyOf = (poolId: string, model: string, id: string) => `${poolId}:${model}:${id}`;

  return {
    async read(poolId, model, id, load) {
      const key = keyOf(poolId, model, id);
      const now = Date.now();
      if (feed.isFresh()) {
        const cached = cache.get(key, now);
        if (cached && (cached.expiresAt === null || cached.expiresAt > now)) return { ...cached.payload };
      }
      const generation = feed.generation;
      const found = await load();
      if (!found) return undefined;
      if (feed.generation === generation) cache.set(key, found, now);
      return { ...found.payload };
    },
    async revoke(poolId, model, id) {
      await feed.publish(OIDC_TOKEN, keyOf(poolId, model, id));
    },
    async revokeGrant(poolId, grantId) {
      await feed.publish(OIDC_TOKEN, `grant:${poolId}:${grantId}`);
    },
  };
}
