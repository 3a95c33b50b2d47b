import type { Collection, Db } from 'mongodb';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { CACHED_TOKEN_MODELS, type OidcTokenCache, type StoredToken } from './oidc.token-cache.js';

/**
 * oidc-provider's storage (issue #32) over MongoDB: one collection per model (`oidc_session`,
 * `oidc_access_token`, …), every document under `_id` = `{pool}:{id}` with a `pool_id` field, so
 * every look-up is scoped by the pool: a token of pool A is unknown to pool B, whatever its id.
 * `expires_at` carries a TTL index (MongoDB deletes expired documents; `find` also refuses them so
 * correctness never waits for the TTL monitor). Nothing is kept in process memory that correctness
 * needs: several server processes serve one issuer. Access tokens are remembered per process for
 * introspection (oidc.token-cache.ts), dropped on revocation here at once and elsewhere within
 * the revocation feed's bound.
 *
 * Clients are not stored here: the 'Client' model is answered by `clientMetadata` (the
 * applications module's records); upserts and deletions of clients are refused.
 */

/** Models whose documents belong to a grant (revokeByGrantId deletes them). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'ClientCredentials',
]);

interface StoredDocument {
  _id: string;
  pool_id: string;
  payload: AdapterPayload;
  expires_at: Date | null;
  grant_id?: string;
  uid?: string;
  user_code?: string;
}

/**
 * The length of each introspectable token model's opaque ids (6 bits a character, ≥ 256 bits of
 * randomness each): introspection and revocation look a value up in all three models at once,
 * and a value whose length belongs to another model is not there — answered without a database
 * command. Set through oidc-provider's `formats.bitsOfOpaqueRandomness` (`opaqueTokenBits`).
 */
export const OPAQUE_ID_LENGTHS: Readonly<Record<string, number>> = {
  AccessToken: 43,
  ClientCredentials: 44,
  RefreshToken: 45,
};
/** Other models' ids: 256 bits (oidc-provider's default) as 43 characters. */
const DEFAULT_OPAQUE_ID_LENGTH = 43;

/** `formats.bitsOfOpaqueRandomness`: the bits of a new token's id, by its model. */
export function opaqueTokenBits(_ctx: unknown, token: { kind?: string }): number {
  return 6 * (OPAQUE_ID_LENGTHS[token.kind ?? ''] ?? DEFAULT_OPAQUE_ID_LENGTH);
}

/**
 * Models whose documents are saved once under a fresh random id (tokens and codes; their later
 * changes go through `consume`): written with an insert, cheaper than an upsert; should the id
 * exist after all, the upsert follows.
 */
const SAVED_ONCE = new Set(['AccessToken', 'ClientCredentials', 'RefreshToken', 'AuthorizationCode']);

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** `AccessToken` → `oidc_access_token`. */
export function collectionNameOf(model: string): string {
  return `oidc_${model.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
}

export interface OidcStorage {
  /** The adapter factory for one pool's Provider. */
  adapterFor(
    poolId: string,
    clientMetadata: (clientId: string) => Promise<AdapterPayload | undefined>,
  ): (model: string) => Adapter;
  /** Creates the indexes of every collection (once per process; idempotent). */
  ensureIndexes(): Promise<void>;
}

/** The models the provider stores (Client is answered from the applications). */
const STORED_MODELS = [
  'Session',
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'Interaction',
  'ReplayDetection',
  'PushedAuthorizationRequest',
  'Grant',
  'BackchannelAuthenticationRequest',
];

export function createOidcStorage(db: () => Db, tokens?: OidcTokenCache): OidcStorage {
  const collection = (model: string): Collection<StoredDocument> =>
    db().collection<StoredDocument>(collectionNameOf(model));
  let indexes: Promise<void> | null = null;

  async function createIndexes(): Promise<void> {
    await Promise.all(
      STORED_MODELS.map(async (model) => {
        const target = collection(model);
        await target.createIndex({ expires_at: 1 }, { name: 'expires_at_ttl', expireAfterSeconds: 0 });
        if (GRANTABLE.has(model) || model === 'Grant')
          await target.createIndex({ grant_id: 1 }, { name: 'grant_id', sparse: true });
        if (model === 'Session')
          await target.createIndex({ pool_id: 1, uid: 1 }, { name: 'pool_uid', unique: true, sparse: true });
        if (model === 'DeviceCode')
          await target.createIndex(
            { pool_id: 1, user_code: 1 },
            { name: 'pool_user_code', unique: true, sparse: true },
          );
      }),
    );
  }

  return {
    ensureIndexes() {
      indexes ??= createIndexes().catch((error: unknown) => {
        indexes = null;
        throw error;
      });
      return indexes;
    },

    adapterFor(poolId, clientMetadata) {
      const key = (id: string) => `${poolId}:${id}`;
      const live = () => ({ $or: [{ expires_at: null }, { expires_at: { $gt: new Date() } }] });

      return (model: string): Adapter => {
        if (model === 'Client') {
          return {
            async upsert() {
              throw new Error(
                'Clients are the applications’ OpenID settings; they are not stored by the provider.',
              );
            },
            find: (id: string) => clientMetadata(id),
            async findByUid() {
              return undefined;
            },
            async findByUserCode() {
              return undefined;
            },
            async consume() {},
            async destroy() {},
            async revokeByGrantId() {},
          };
        }
        const target = () => collection(model);
        const idLength = OPAQUE_ID_LENGTHS[model];
        const savedOnce = SAVED_ONCE.has(model);
        // Access tokens are remembered per process (oidc.token-cache.ts); other models are read each time.
        const cached = tokens && CACHED_TOKEN_MODELS.has(model) ? tokens : undefined;
        const findOne = async (filter: Record<string, unknown>) => {
          const found = await target().findOne({ ...filter, pool_id: poolId, ...live() });
          return found?.payload;
        };
        return {
          async upsert(id, payload, expiresIn) {
            const document: Omit<StoredDocument, '_id'> = {
              pool_id: poolId,
              payload,
              expires_at: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
            };
            if (payload.grantId) document.grant_id = payload.grantId;
            if (payload.uid) document.uid = payload.uid;
            if (payload.userCode) document.user_code = payload.userCode;
            if (savedOnce) {
              try {
                await target().insertOne({ _id: key(id), ...document });
                return;
              } catch (error) {
                if (!isDuplicateKey(error)) throw error;
              }
            }
            await target().replaceOne({ _id: key(id) }, document, { upsert: true });
          },
          async find(id) {
            // Another model's token (or a JWT): not stored here.
            if (idLength !== undefined && id.length !== idLength) return undefined;
            // A point read by `_id` (which starts with the pool); pool and expiry checked here.
            const load = async (): Promise<StoredToken | undefined> => {
              const found = await target().findOne({ _id: key(id) });
              if (!found || found.pool_id !== poolId) return undefined;
              const expiresAt = found.expires_at ? found.expires_at.getTime() : null;
              if (expiresAt !== null && expiresAt <= Date.now()) return undefined;
              return { payload: found.payload, expiresAt, grantId: found.grant_id };
            };
            if (cached) return cached.read(poolId, model, id, load);
            return (await load())?.payload;
          },
          findByUid: (uid) => findOne({ uid }),
          findByUserCode: (userCode) => findOne({ user_code: userCode }),
          async consume(id) {
            await target().updateOne(
              { _id: key(id), pool_id: poolId },
              { $set: { 'payload.consumed': Math.floor(Date.now() / 1000) } },
            );
          },
          async destroy(id) {
            await target().deleteOne({ _id: key(id), pool_id: poolId });
            await cached?.revoke(poolId, model, id);
          },
          async revokeByGrantId(grantId) {
            await target().deleteMany({ grant_id: grantId, pool_id: poolId });
            // One notice per grant: the cache drops the grant's tokens of every model it holds.
            if (model === 'AccessToken') await cached?.revokeGrant(poolId, grantId);
          },
        };
      };
    },
  };
}
