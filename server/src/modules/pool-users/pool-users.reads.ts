import mongoose, { Types } from 'mongoose';
import { paginateNewestFirst } from '../../lib/pagination.js';
import type { UserDocument } from '../../core/account.js';
import { REQUEST_ACTION } from '../telemetry/index.js';
import type { PoolUsersKit } from './pool-users.kit.js';
import type { ListPoolUsersQuery } from './pool-users.schemas.js';
import type { PoolUsersService } from './pool-users.types.js';
import { poolUserView } from './pool-users.views.js';

/** Rows a list with the second-factor filter reads at most per request before answering what it found. */
export const SECOND_FACTOR_SCAN_LIMIT = 1_000;
/** Latest audit entries of the user on the detail page. */
export const RECENT_ACTIVITY = 20;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The filter of a list: the pool first (it leads the users' indexes), then the query's conditions. */
function listFilter(poolId: string, query: ListPoolUsersQuery): Record<string, unknown> {
  const trusted = mongoose.trusted;
  const filter: Record<string, unknown> = { pool_id: poolId };
  if (query.q) {
    const pattern = escapeRegExp(query.q);
    // Addresses are stored lower-cased; names as typed.
    filter.$or = [
      { email: trusted({ $regex: escapeRegExp(query.q.toLowerCase()) }) },
      { display_name: trusted({ $regex: pattern, $options: 'i' }) },
    ];
  }
  if (query.verified !== undefined) filter.is_verified = query.verified;
  if (query.blocked !== undefined) filter.blocked_at = query.blocked ? trusted({ $ne: null }) : null;
  const signIn: Record<string, Date> = {};
  if (query.last_sign_in_after) signIn.$gte = new Date(query.last_sign_in_after);
  if (query.last_sign_in_before) signIn.$lt = new Date(query.last_sign_in_before);
  if (Object.keys(signIn).length > 0) filter.last_login_at = trusted(signIn);
  return filter;
}

/** The list, the detail page and the GDPR export of a pool's users. */
export function createPoolUserReads(
  kit: PoolUsersKit,
): Pick<PoolUsersService, 'list' | 'get' | 'exportUser'> {
  const { deps, Users } = kit;

  /**
   * With `second_factor`, which the profiles do not hold: reads pages of the other conditions'
   * matches, asking each time only for as many rows as the page still lacks, so the cursor after
   * the last row read is exact. Stops after SECOND_FACTOR_SCAN_LIMIT rows: the page may then be
   * short (even empty) while `next_cursor` says where to go on.
   */
  async function listBySecondFactor(filter: Record<string, unknown>, query: ListPoolUsersQuery) {
    const limit = query.limit ?? 20;
    const data: ReturnType<typeof poolUserView>[] = [];
    let cursor = query.cursor;
    let scanned = 0;
    for (;;) {
      const page = await paginateNewestFirst(Users, filter, { limit: limit - data.length, cursor });
      const flagged = await kit.withSecondFactor(page.data.map((user) => String(user._id)));
      for (const user of page.data as UserDocument[]) {
        const has = flagged.has(String(user._id));
        if (has === query.second_factor) data.push(poolUserView(user, has));
      }
      scanned += page.data.length;
      cursor = page.next_cursor ?? undefined;
      if (!page.next_cursor || data.length >= limit || scanned >= SECOND_FACTOR_SCAN_LIMIT)
        return { data, next_cursor: page.next_cursor };
    }
  }

  return {
    async list(caller, projectId, query) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:read');
      const filter = listFilter(scope.poolId, query);
      if (query.second_factor !== undefined) return listBySecondFactor(filter, query);
      const page = await paginateNewestFirst(Users, filter, query);
      const users = page.data as UserDocument[];
      const flagged = await kit.withSecondFactor(users.map((user) => String(user._id)));
      return {
        data: users.map((user) => poolUserView(user, flagged.has(String(user._id)))),
        next_cursor: page.next_cursor,
      };
    },

    async get(caller, projectId, userId) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:read');
      const user = await kit.findUser(scope, userId);
      const [sessions, factors, linked, activity] = await Promise.all([
        deps.sessions.listActive(userId),
        deps.secondFactors.list(userId),
        deps.tracking.linkedTo(scope.projectId, userId),
        // What the person did (sign-ins, changes); the request log's rows would drown it.
        deps.activity.page(
          { user_id: new Types.ObjectId(userId), action: mongoose.trusted({ $ne: REQUEST_ACTION }) },
          { limit: RECENT_ACTIVITY },
        ),
      ]);
      return {
        ...poolUserView(user, factors.length > 0),
        sessions: sessions.map((session) => ({
          id: String(session._id),
          method: session.method,
          application_id: session.application_id ? String(session.application_id) : null,
          ip_address: session.ip_address,
          user_agent: session.user_agent,
          created_at: session.created_at.toISOString(),
          last_used_at: session.last_used_at.toISOString(),
          expires_at: session.expires_at.toISOString(),
        })),
        second_factors: factors.map((factor) => ({
          id: factor.id,
          type: factor.type,
          name: factor.name,
          added_at: factor.added_at.toISOString(),
        })),
        ...linked,
        recent_activity: activity.data.map((entry) => ({
          id: String(entry._id),
          action: entry.action,
          application_id: entry.application_id ? String(entry.application_id) : null,
          status_code: entry.status_code ?? null,
          ip_address: entry.ip_address ?? null,
          user_agent: entry.user_agent ?? null,
          created_at: entry.created_at.toISOString(),
        })),
      };
    },

    async exportUser(caller, projectId, userId, context, sink) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:read');
      await kit.findUser(scope, userId);
      // Reading someone's personal data is recorded like a change.
      await kit.audit(scope, caller, context, 'user.exported', userId);
      await deps.privacy.exportAccount(userId, sink);
    },
  };
}
