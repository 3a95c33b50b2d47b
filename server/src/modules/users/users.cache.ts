import type { Connection } from 'mongoose';
import { InvalidatedCache } from '../../lib/cache-invalidation.js';
import type { UserDocument } from '../../core/account.js';
import { userModel } from './users.model.js';

/** Accounts by id, for the token checks of every request (docs/performance.md). */
const USER_CACHE_TTL_MS = 60_000;
const USER_CACHE_MAX_ENTRIES = 50_000;

const lookups = new WeakMap<Connection, (id: string) => Promise<UserDocument | null>>();

/**
 * The account with that id, answered from this process's cache when it can be: every write to
 * `profiles` through the model drops it here at once and in other processes within FRESH_MS
 * (lib/cache-invalidation.ts). One cache per connection, shared by the modules that read accounts.
 * The document is shared between requests: read it, never change it.
 */
export function cachedUserById(connection: Connection): (id: string) => Promise<UserDocument | null> {
  let lookup = lookups.get(connection);
  if (!lookup) {
    const Users = userModel(connection);
    const cache = new InvalidatedCache<UserDocument | null>(
      connection,
      USER_CACHE_TTL_MS,
      USER_CACHE_MAX_ENTRIES,
    );
    lookup = (id) =>
      /^[0-9a-f]{24}$/i.test(id)
        ? cache.read(
            id.toLowerCase(),
            () => Users.findById(id).lean<UserDocument>(),
            () => [`user:${id.toLowerCase()}`],
            (user) => user !== null,
          )
        : Promise.resolve(null);
    lookups.set(connection, lookup);
  }
  return lookup;
}
