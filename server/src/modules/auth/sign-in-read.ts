import type { Collection, Connection, PipelineStage } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import type { SecondFactorStore } from '../../core/second-factor.js';
import { DEFAULT_RATE_LIMIT_COLLECTION, type RateLimitDocument } from '../../lib/rate-limit/index.js';

/** What a password sign-in needs to know before it hashes, read in one command. */
export interface SignInState {
  /** The rate-limit documents asked for (counters, lockout windows), by id. */
  windows: Map<string, RateLimitDocument>;
  user: UserDocument | null;
  /** Whether the account has a second factor; undefined when the stores were not named. */
  hasSecondFactor: boolean | undefined;
}

const USER_MARK = '__sign_in_user';
const FACTOR_MARK = '__second_factor';

/**
 * The rate-limit documents `ids` and the account `email` of `pool` in one `aggregate` (the
 * rate-limit collection, with the account added by `$unionWith`), and with it whether the account
 * has a second factor (a `$lookup` into each store): before this, a sign-in sent a command for each
 * counter, each lockout window, the account and each kind of factor.
 */
export async function readSignInState(
  connection: Connection,
  users: Collection,
  query: { pool: string; email: string; ids: string[]; secondFactorStores?: readonly SecondFactorStore[] },
): Promise<SignInState> {
  const stores = query.secondFactorStores;
  const factorStages: PipelineStage[] = stores
    ? [
        ...stores.map((store, i): PipelineStage => ({
          $lookup: { from: store.collection, localField: '_id', foreignField: 'user_id', as: `__f${i}` },
        })),
        {
          $addFields: {
            [FACTOR_MARK]: {
              $or: stores.map((store, i) =>
                store.requiredField
                  ? {
                      // $ifNull: a missing field counts as null (the embedded engine and MongoDB agree).
                      $gt: [
                        {
                          $size: {
                            $filter: {
                              input: `$__f${i}`,
                              cond: { $ne: [{ $ifNull: [`$$this.${store.requiredField}`, null] }, null] },
                            },
                          },
                        },
                        0,
                      ],
                    }
                  : { $gt: [{ $size: `$__f${i}` }, 0] },
              ),
            },
          },
        },
        { $project: Object.fromEntries(stores.map((_store, i) => [`__f${i}`, 0])) },
      ]
    : [];
  const rows = await connection
    .collection<Record<string, unknown>>(DEFAULT_RATE_LIMIT_COLLECTION)
    .aggregate([
      { $match: { _id: { $in: query.ids } } },
      {
        $unionWith: {
          coll: users.collectionName,
          pipeline: [
            { $match: { pool_id: query.pool, email: query.email } },
            { $limit: 1 },
            ...factorStages,
            { $addFields: { [USER_MARK]: true } },
          ],
        },
      },
    ])
    .toArray();
  const windows = new Map<string, RateLimitDocument>();
  let user: UserDocument | null = null;
  let hasSecondFactor: boolean | undefined;
  for (const row of rows) {
    if (row[USER_MARK] === true) {
      const { [USER_MARK]: _mark, [FACTOR_MARK]: factor, ...fields } = row;
      user = fields as unknown as UserDocument;
      hasSecondFactor = stores ? factor === true : undefined;
    } else {
      windows.set(String(row._id), row as unknown as RateLimitDocument);
    }
  }
  return { windows, user, hasSecondFactor };
}
