import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { UserDocument } from '../../core/account.js';
import type { OidcClientSource } from '../../core/oidc-clients.js';
import type { PoolSettings } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { revocationFeedFor } from '../../lib/revocations.js';
import { createOidcStorage } from './oidc.adapter.js';
import { createOidcTokenCache } from './oidc.token-cache.js';
import { cachedOidcClients } from './oidc.clients.js';
import { OidcErrors } from './oidc.errors.js';
import { createOidcKeys, type OidcKeys } from './oidc.keys.js';
import type { RoleClaims } from './oidc.configuration.js';
import { introspect, isPlainIntrospection } from './oidc.introspection.js';
import { createOidcProviders, type OidcPool, type OidcProviders } from './oidc.provider.js';

/** What the OpenID provider is built from. */
export interface OidcDependencies {
  connection: Connection;
  logger: Logger;
  config: {
    publicUrl: string;
    trustProxy: boolean | number | string;
    oidc: { cookieKeys: string[] | undefined };
  };
}

/** The other services it reads (services.ts passes them all). */
export interface OidcSources {
  /** Clients (applications with OpenID settings) and APIs (resource servers). */
  applications: OidcClientSource;
  pools: {
    /** Throws 404 unless the project is active with an active application. */
    publicSettings(projectId: string, clientId: string | undefined): Promise<unknown>;
    settingsOf(poolId: string): Promise<PoolSettings>;
  };
  users: { findById(userId: string): Promise<UserDocument | null> };
  /** End users' application roles and permissions (the app-roles module): the `roles` scope's claims. */
  appRoles?: { rolesAndPermissionsOf(projectId: string, user: UserDocument | string): Promise<RoleClaims> };
}

export interface OidcService {
  providers: OidcProviders;
  keys: OidcKeys;
  /** Mount at `/oidc/:pool`: the pool's provider answers, or 404 issuer_not_found. */
  handler: RequestHandler;
  /**
   * New signing keys for every issuer: published at once, signing after the publication delay
   * (oidc.keys.ts, KEY_PUBLICATION_DELAY_S; `publicationDelayS: 0` for a leaked key); previous
   * keys sign until then and stay in the JWKS until their tokens expired.
   */
  rotateKeys(options?: { publicationDelayS?: number }): Promise<void>;
}

/** The provider answers; the common introspection request takes the fast path (oidc.introspection.ts). */
function serve(pool: OidcPool, req: Request, res: Response): void {
  if (isPlainIntrospection(req)) void introspect(pool, req, res);
  else pool.callback(req, res);
}

interface SecretDocument {
  _id: string;
  keys: string[];
  created_at: Date;
}

export function createOidcService(deps: OidcDependencies, sources: OidcSources): OidcService {
  const db = () => {
    const database = deps.connection.db;
    if (!database) throw new Error('The database is not connected.');
    return database;
  };
  const keys = createOidcKeys({ db });
  // Access tokens remembered per process, dropped through the revocation feed (oidc.token-cache.ts).
  const storage = createOidcStorage(db, createOidcTokenCache(revocationFeedFor(deps.connection)));
  // The token endpoint reads its client on every request: from memory, at most 5 s old, forgotten
  // at once when this process changes the application (oidc.clients.ts, CLIENT_CACHE_MS).
  const clients = cachedOidcClients(sources.applications);
  sources.applications.onApplicationWrite?.((applicationId) => clients.forget(applicationId));

  /** OIDC_COOKIE_KEYS, else a random key created once in the database (shared by all processes). */
  let cookieKeys: Promise<string[]> | null = null;
  const loadCookieKeys = async (): Promise<string[]> => {
    if (deps.config.oidc.cookieKeys?.length) return deps.config.oidc.cookieKeys;
    const secrets = db().collection<SecretDocument>('oidc_secrets');
    const stored = await secrets.findOne({ _id: 'cookie-keys' });
    if (stored) return stored.keys;
    try {
      await secrets.insertOne({
        _id: 'cookie-keys',
        keys: [randomBytes(32).toString('base64url')],
        created_at: new Date(),
      });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    return (await secrets.findOne({ _id: 'cookie-keys' }))!.keys;
  };

  const providers = createOidcProviders({
    logger: deps.logger,
    publicUrl: deps.config.publicUrl,
    trustProxy: Boolean(deps.config.trustProxy),
    cookieKeys: () => {
      cookieKeys ??= loadCookieKeys().catch((error: unknown) => {
        cookieKeys = null;
        throw error;
      });
      return cookieKeys;
    },
    storage,
    keys,
    clients,
    assertPoolServes: async (poolId) => {
      await sources.pools.publicSettings(poolId, undefined);
    },
    settingsOf: (poolId) => sources.pools.settingsOf(poolId),
    findUser: (userId) => sources.users.findById(userId),
    roleClaims: (poolId, user) =>
      sources.appRoles?.rolesAndPermissionsOf(poolId, user) ??
      Promise.resolve({ roles: [], permissions: [] }),
  });

  const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    const poolId = String(req.params.pool);
    // Most requests: the pool was checked lately; straight to its provider.
    const checked = providers.checkedProvider(poolId);
    if (checked) return serve(checked, req, res);
    try {
      const pool = await providers.providerFor(poolId);
      if (!pool) throw new AppError(OidcErrors.ISSUER_NOT_FOUND);
      serve(pool, req, res);
    } catch (error) {
      next(error);
    }
  };

  return {
    providers,
    keys,
    handler,
    async rotateKeys(options) {
      await keys.rotate(options);
      providers.clear();
    },
  };
}
