import type { Collection, Db } from 'mongodb';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage (issue #32) over MongoDB: one collection per model (`oidc_session`,
 * `oidc_access_token`, …), every document under `_id` = `{pool}:{id}` with a `pool_id` field, so
 * every look-up is scoped by the pool: a token of pool A is unknown to pool B, whatever its id.
 * `expires_at` carries a TTL index (MongoDB deletes expired documents; `find` also refuses them so
 * correctness never waits for the TTL monitor). Nothing is kept in process memory: several server
 * processes serve one issuer.
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

export function createOidcStorage(db: () => Db): OidcStorage {
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
            await target().replaceOne({ _id: key(id) }, document, { upsert: true });
          },
          find: (id) => findOne({ _id: key(id) }),
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
          },
          async revokeByGrantId(grantId) {
            await target().deleteMany({ grant_id: grantId, pool_id: poolId });
          },
        };
      };
    },
  };
}
