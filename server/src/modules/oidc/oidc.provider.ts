import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { UserDocument } from '../../core/account.js';
import type { OidcClientSource } from '../../core/oidc-clients.js';
import type { PoolSettings } from '../../core/pools.js';
import { opaqueTokenBits, type OidcStorage } from './oidc.adapter.js';
import { secretMatches } from './oidc.clients.js';
import { OBJECT_ID, providerConfiguration, type ConfigurationInput } from './oidc.configuration.js';
import type { OidcKeys, OidcKeySet } from './oidc.keys.js';
import { extendCsp, providerPages } from './oidc.pages.js';

/** How long a pool's "has an issuer" and settings answer is reused before it is read again. */
const POOL_CHECK_MS = 5_000;
/** Providers kept in memory (one per pool that was asked for recently). */
const MAX_PROVIDERS = 500;

export interface OidcProviderDependencies {
  logger: Logger;
  publicUrl: string;
  trustProxy: boolean;
  /** Keys of the provider's signed cookies (newest first). */
  cookieKeys: () => Promise<string[]>;
  storage: OidcStorage;
  keys: OidcKeys;
  clients: OidcClientSource;
  /** Throws (404 pool_not_found) unless the project is active and has an active application. */
  assertPoolServes(poolId: string): Promise<void>;
  settingsOf(poolId: string): Promise<PoolSettings>;
  findUser(userId: string): Promise<UserDocument | null>;
  roleClaims: ConfigurationInput['roleClaims'];
}

/** One pool's provider and what its callbacks read synchronously (lifetimes, branding). */
export interface OidcPool {
  poolId: string;
  issuer: string;
  provider: Provider;
  settings: PoolSettings;
  /** The provider's Koa app as an Express/Node handler. */
  callback: (req: IncomingMessage, res: ServerResponse) => void;
}

interface CacheEntry {
  pool: OidcPool;
  keysVersion: string;
  checkedAt: number;
}

export interface OidcProviders {
  /** The pool's provider, or null when the pool has no issuer (unknown, inactive, platform). */
  providerFor(poolId: string): Promise<OidcPool | null>;
  /** The pool's provider when it was checked within POOL_CHECK_MS (no waiting), else undefined. */
  checkedProvider(poolId: string): OidcPool | undefined;
  /** Forgets every provider (after a key rotation, in this process; others follow within a minute). */
  clear(): void;
}

export function createOidcProviders(deps: OidcProviderDependencies): OidcProviders {
  const cache = new LRUCache<string, CacheEntry>({ max: MAX_PROVIDERS });
  const building = new Map<string, Promise<OidcPool | null>>();

  async function resolve(poolId: string): Promise<OidcPool | null> {
    const cached = cache.get(poolId);
    if (cached && Date.now() - cached.checkedAt < POOL_CHECK_MS) return cached.pool;
    try {
      await deps.assertPoolServes(poolId);
    } catch (error) {
      if ((error as { status?: number }).status === 404) {
        cache.delete(poolId);
        return null;
      }
      throw error;
    }
    const [settings, keySet] = await Promise.all([deps.settingsOf(poolId), deps.keys.current()]);
    if (cached && cached.keysVersion === keySet.version) {
      // Lifetimes and branding are read by the provider's callbacks from here.
      cached.pool.settings = settings;
      cached.checkedAt = Date.now();
      return cached.pool;
    }
    const pool = await build(poolId, settings, keySet);
    cache.set(poolId, { pool, keysVersion: keySet.version, checkedAt: Date.now() });
    return pool;
  }

  async function build(poolId: string, settings: PoolSettings, keySet: OidcKeySet): Promise<OidcPool> {
    const issuer = `${deps.publicUrl}/oidc/${poolId}`;
    await deps.storage.ensureIndexes();
    const pool = { poolId, issuer, settings } as OidcPool;
    const configuration = providerConfiguration({
      pool,
      keys: keySet.keys,
      cookieKeys: await deps.cookieKeys(),
      storage: deps.storage,
      clients: deps.clients,
      findUser: deps.findUser,
      roleClaims: deps.roleClaims,
      provider: (): Provider => provider,
    });
    // Opaque ids whose length tells the token model (oidc.adapter.ts, OPAQUE_ID_LENGTHS).
    configuration.formats = {
      ...(configuration.formats as object | undefined),
      bitsOfOpaqueRandomness: opaqueTokenBits,
    };
    const provider: Provider = new Provider(issuer, configuration);
    provider.proxy = deps.trustProxy;

    // Secrets are stored hashed: compare the presented one's SHA-256 with each unexpired hash.
    provider.Client.prototype.compareClientSecret = function compare(
      this: Record<string, unknown>,
      actual: string,
    ) {
      return secretMatches(this.secret_hashes as string[] | undefined, actual);
    };

    // form_post answers with a form that submits itself to the RP: allow that (registered) origin.
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
      await next();
      const target = ctx.oidc?.params?.redirect_uri as string | undefined;
      if (
        target &&
        ctx.oidc?.params?.response_mode === 'form_post' &&
        ctx.oidc.client?.redirectUriAllowed?.(target)
      )
        extendCsp(ctx, { 'form-action': [new URL(target).origin] });
    });

    // RP-initiated logout: the way back to the registered post-logout URI (CSP form-action); our
    // page for oidc-provider's self-submitting forms (oidc.pages.ts).
    provider.use(providerPages({ branding: () => pool.settings.branding }));

    provider.on('server_error', (_ctx: unknown, error: unknown) =>
      deps.logger.error({ err: error, pool: poolId }, 'oidc provider error'),
    );
    provider.on('backchannel.error', (_ctx: unknown, error: unknown, client: unknown) =>
      deps.logger.warn(
        { err: error, pool: poolId, client_id: (client as { clientId?: string } | undefined)?.clientId },
        'oidc back-channel logout not delivered',
      ),
    );

    pool.provider = provider;
    pool.callback = provider.callback();
    return pool;
  }

  return {
    async providerFor(poolId) {
      if (!OBJECT_ID.test(poolId)) return null;
      const pending = building.get(poolId);
      if (pending) return pending;
      const started = resolve(poolId).finally(() => building.delete(poolId));
      building.set(poolId, started);
      return started;
    },
    checkedProvider(poolId) {
      const cached = cache.get(poolId);
      return cached && Date.now() - cached.checkedAt < POOL_CHECK_MS ? cached.pool : undefined;
    },
    clear() {
      cache.clear();
    },
  };
}
