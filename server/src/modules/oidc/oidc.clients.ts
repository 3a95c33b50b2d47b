import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AdapterPayload } from 'oidc-provider';
import type {
  OidcClientRecord,
  OidcClientSource,
  OidcResourceServerRecord,
} from '../../core/oidc-clients.js';
import { safeEqual, sha256Hex } from '../../lib/crypto.js';

/**
 * An application's OpenID settings (core/oidc-clients.ts) as oidc-provider client metadata.
 *
 * - spa, native: public clients (`none`), code + PKCE; native is `application_type: native`
 *   (custom schemes and loopback redirects).
 * - web: confidential (`client_secret_basic`, `client_secret_post` or `private_key_jwt`).
 * - m2m: confidential, client credentials only: no redirect URIs, no response types.
 *
 * Secrets are stored only as SHA-256 hex. `client_secret` is set to a value derived from the client
 * id (oidc-provider wants one for secret-based methods) but never compared: `secretMatches` hashes
 * the presented secret and compares it with every unexpired stored hash (the overlap window).
 */

/** Extra metadata the provider carries per client (extraClientMetadata.properties). */
export const EXTRA_CLIENT_METADATA = [
  'access_token_ttl_s',
  'refresh_token_ttl_s',
  'first_party',
  'cors_origins',
  'secret_hashes',
] as const;

const PUBLIC_TYPES = new Set(['spa', 'native']);

export function clientMetadataOf(record: OidcClientRecord, now = new Date()): AdapterPayload {
  const { oidc } = record;
  const type = oidc.client_type;
  const isPublic = PUBLIC_TYPES.has(type);
  const m2m = type === 'm2m';
  const grantTypes = m2m
    ? ['client_credentials']
    : oidc.grant_types.filter((g) => g !== 'client_credentials' || !isPublic);
  const authMethod = isPublic
    ? 'none'
    : oidc.token_endpoint_auth_method === 'none'
      ? 'client_secret_basic'
      : oidc.token_endpoint_auth_method;
  const metadata: AdapterPayload = {
    client_id: record.application_id,
    client_name: record.name,
    application_type: type === 'native' ? 'native' : 'web',
    grant_types: grantTypes.length > 0 ? grantTypes : ['authorization_code'],
    response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
    redirect_uris: m2m ? [] : oidc.redirect_uris,
    post_logout_redirect_uris: m2m ? [] : oidc.post_logout_redirect_uris,
    token_endpoint_auth_method: authMethod,
    id_token_signed_response_alg: 'RS256',
    access_token_ttl_s: oidc.access_token_ttl_s,
    refresh_token_ttl_s: oidc.refresh_token_ttl_s,
    first_party: oidc.first_party,
    cors_origins: record.cors_origins,
    secret_hashes: oidc.secrets
      .filter((s) => !s.expires_at || new Date(s.expires_at).getTime() > now.getTime())
      .map((s) => s.hash),
  };
  if (authMethod === 'client_secret_basic' || authMethod === 'client_secret_post')
    metadata.client_secret = `unused-${createHash('sha256').update(record.application_id).digest('hex')}`;
  if (authMethod === 'private_key_jwt' && oidc.jwks_uri) metadata.jwks_uri = oidc.jwks_uri;
  if (oidc.backchannel_logout_uri && !m2m) {
    metadata.backchannel_logout_uri = oidc.backchannel_logout_uri;
    metadata.backchannel_logout_session_required = true;
  }
  return metadata;
}

const builtMetadata = new WeakMap<OidcClientRecord, { metadata: AdapterPayload; validUntil: number }>();

/**
 * `clientMetadataOf` once per record (the cached records live CLIENT_CACHE_MS): the token and
 * introspection endpoints ask for their client on every request. Rebuilt when one of the secrets
 * it kept has expired since.
 */
export function memoizedClientMetadata(record: OidcClientRecord, now = Date.now()): AdapterPayload {
  const built = builtMetadata.get(record);
  if (built && now < built.validUntil) return built.metadata;
  const metadata = clientMetadataOf(record, new Date(now));
  let validUntil = Number.POSITIVE_INFINITY;
  for (const secret of record.oidc.secrets) {
    const expiresAt = secret.expires_at ? new Date(secret.expires_at).getTime() : Number.NaN;
    if (expiresAt > now) validUntil = Math.min(validUntil, expiresAt);
  }
  builtMetadata.set(record, { metadata, validUntil });
  return metadata;
}

/** Whether the presented secret's SHA-256 equals one of the client's unexpired hashes (timing-safe). */
export function secretMatches(hashes: readonly string[] | undefined, presented: string): boolean {
  const digest = sha256Hex(presented);
  let matched = false;
  // Every hash is compared, so the time taken does not tell which one matched.
  for (const hash of hashes ?? []) if (safeEqual(hash, digest)) matched = true;
  return matched;
}

/**
 * How long a process answers a client or an API from an earlier read of its application. The
 * process that changes an application forgets it at once (`forget`, called by the applications
 * service before and after each write); other processes follow within this bound — a secret
 * rotated without overlap, a client type or redirect URI changed, a deactivated application
 * stop working everywhere within 5 s. The same bound as the provider's pool check.
 */
export const CLIENT_CACHE_MS = 5_000;
/** Clients and APIs remembered per process (a few KB each). */
const CACHED_CLIENTS = 10_000;

export interface CachedOidcClientSource extends OidcClientSource {
  /** Forgets what was read of an application (and every API: its identifier may have moved). */
  forget(applicationId: string): void;
}

/**
 * The applications' clients and APIs read at most every `CLIENT_CACHE_MS` per process (the token
 * endpoint reads the client on every request). Only found records are kept: a new client is
 * answered at once, unknown ids always reach the database. A read that overlapped a change is
 * answered but not kept (it may predate the change): `forget` counts changes.
 */
export function cachedOidcClients(
  source: OidcClientSource,
  options: { ttlMs?: number } = {},
): CachedOidcClientSource {
  const ttl = options.ttlMs ?? CLIENT_CACHE_MS;
  const clients = new LRUCache<string, OidcClientRecord>({ max: CACHED_CLIENTS, ttl });
  const apis = new LRUCache<string, OidcResourceServerRecord>({ max: CACHED_CLIENTS, ttl });
  let changes = 0;
  // Reads in flight, shared: when an entry expires under load, the requests that miss it together
  // wait for one read instead of each sending its own (20 connections sent 20 finds every 5 s).
  const reading = new Map<string, Promise<unknown>>();

  async function remembered<T extends object>(
    cache: LRUCache<string, T>,
    key: string | null,
    read: () => Promise<T | null>,
  ): Promise<T | null> {
    if (key === null) return read();
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = reading.get(key) as Promise<T | null> | undefined;
    if (pending) return pending;
    const changesBefore = changes;
    const started = read().then((found) => {
      if (found && changes === changesBefore) cache.set(key, found);
      return found;
    });
    reading.set(key, started);
    try {
      return await started;
    } finally {
      if (reading.get(key) === started) reading.delete(key);
    }
  }

  return {
    oidcClientOf: (applicationId) =>
      remembered(clients, typeof applicationId === 'string' ? applicationId.toLowerCase() : null, () =>
        source.oidcClientOf(applicationId),
      ),
    oidcResourceServer: (projectId, identifier) =>
      remembered(
        apis,
        typeof projectId === 'string' && typeof identifier === 'string'
          ? `${projectId.toLowerCase()} ${identifier}`
          : null,
        () => source.oidcResourceServer(projectId, identifier),
      ),
    forget(applicationId) {
      changes += 1;
      // A request after a change never joins a read that began before it.
      reading.clear();
      clients.delete(applicationId.toLowerCase());
      apis.clear();
    },
  };
}
