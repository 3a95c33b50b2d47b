/**
 * The start-up migration into user pools (issue #31, docs/user-pools.md "Migration").
 *
 * Before pools, one collection held the dashboard's team accounts and every application's end
 * users, unique by e-mail. This gives every account without `pool_id` its pool:
 *
 * - registered through an application (`registered_application_id`) → the pool of that
 *   application's project (`String(project_id)`; also when the application was deleted since),
 * - unless the account is in an organization (any membership row: active, pending invitation or
 *   ended) or created one, or is listed in ADMIN_EMAILS: then it stays a platform account,
 * - everyone else (registered in the dashboard, or through an application that no longer exists) →
 *   `'platform'`.
 *
 * Then every session without `pool_id` gets its account's pool; a session that no longer fits
 * (a moved end user's dashboard session, a platform account's session through an application) is
 * revoked (`revoke_reason: 'pool_migration'`), so no old refresh token crosses the new boundary.
 * Last, the previous version's unique indexes on e-mail and Google id alone are dropped, before the
 * user model builds the pool-led ones (server.ts runs this before `createServices`).
 *
 * It reads and writes the stored documents with the driver, by collection name, because it is
 * about data as the previous version stored it (like the privacy module's data map), not about
 * the services' current behaviour. It touches only documents without `pool_id`, so running it
 * again changes nothing, and two processes starting at once compute the same answer: each update
 * is conditional on `pool_id` still being unset, and each process logs only what it changed.
 */
import type { Connection } from 'mongoose';
import {
  MongoBulkWriteError,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type Document,
  type ObjectId,
} from 'mongodb';
import type { Logger } from 'pino';
import { PLATFORM_POOL, poolOfProject } from '../../core/pools.js';
import { revocationFeedFor } from '../../lib/revocations.js';

/** Why an account registered through an application stays in the platform pool. */
export type PlatformReason = 'organization_member' | 'organization_creator' | 'global_admin';

type KeptReason = PlatformReason | 'application_missing';

export interface PoolMigrationReport {
  /** Accounts given a pool by this run, per pool id ('platform' or a project id). */
  users: Record<string, number>;
  /** Accounts registered through an application that stay platform accounts, by reason. */
  kept_on_platform: Record<KeptReason, number>;
  /** Sessions given a pool by this run, and those of them revoked because they no longer fit. */
  sessions: { updated: number; revoked: number };
  /** Unique indexes of the previous version dropped by this run (by name). */
  dropped_indexes: string[];
  /** Accounts whose move was refused by a unique index (left without pool; logged one by one). */
  conflicts: number;
}

export interface PoolMigrationOptions {
  connection: Connection;
  logger: Logger;
  /** ADMIN_EMAILS: global administrators stay platform accounts wherever they registered. */
  adminEmails?: readonly string[];
  /** Documents per read and write batch (tests make it small to cross batch boundaries). */
  batchSize?: number;
}

/** The previous version's unique indexes of `profiles` that did not lead with the pool. */
const LEGACY_UNIQUE_INDEXES: ReadonlyArray<Record<string, 1>> = [{ email: 1 }, { google_id: 1 }];

export const POOL_MIGRATION_REVOKE_REASON = 'pool_migration';

const UNSET = { pool_id: null } as const; // matches a missing field as well as null

export async function migrateUsersToPools(options: PoolMigrationOptions): Promise<PoolMigrationReport> {
  const { connection, logger } = options;
  const batchSize = options.batchSize ?? 1_000;
  const db = connection.db;
  if (!db) throw new Error('migrateUsersToPools needs a connected database');
  const report: PoolMigrationReport = {
    users: {},
    kept_on_platform: {
      organization_member: 0,
      organization_creator: 0,
      global_admin: 0,
      application_missing: 0,
    },
    sessions: { updated: 0, revoked: 0 },
    dropped_indexes: [],
    conflicts: 0,
  };

  await assignUserPools(db, options, batchSize, report);
  await assignSessionPools(db, connection, batchSize, report);
  report.dropped_indexes = await dropLegacyIndexes(db);

  const movedUsers = Object.values(report.users).reduce((sum, count) => sum + count, 0);
  // Written past the model: processes already serving drop their cached accounts (users.cache.ts).
  if (movedUsers > 0) await revocationFeedFor(connection).publish('user', '*');
  const changed = movedUsers + report.sessions.updated + report.dropped_indexes.length + report.conflicts;
  if (changed > 0) logger.info({ poolMigration: report }, describe(report));
  else logger.debug('user pools migration: every account already has its pool');
  if (report.conflicts > 0)
    logger.warn(
      { conflicts: report.conflicts },
      'user pools migration: some accounts could not be moved (an account with the same e-mail already exists in the pool); they keep no pool until resolved',
    );
  return report;
}

function describe(report: PoolMigrationReport): string {
  const pools = Object.entries(report.users)
    .map(([pool, count]) => `${count} → ${pool}`)
    .join(', ');
  const kept = Object.entries(report.kept_on_platform)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  return (
    `user pools migration: accounts ${pools || 'none'}` +
    (kept ? ` (registered through an application but kept on the platform: ${kept})` : '') +
    `; sessions ${report.sessions.updated} given a pool, ${report.sessions.revoked} revoked` +
    (report.dropped_indexes.length ? `; dropped indexes ${report.dropped_indexes.join(', ')}` : '')
  );
}

async function assignUserPools(
  db: Db,
  options: PoolMigrationOptions,
  batchSize: number,
  report: PoolMigrationReport,
): Promise<void> {
  const profiles = db.collection('profiles');
  const admins = new Set((options.adminEmails ?? []).map((email) => email.toLowerCase()));

  // Per batch, only about the batch's accounts registered through an application: what decides
  // their pool (memberships, created organizations, the applications' projects).
  async function platformTies(batch: Document[]) {
    const fromApplications = batch.filter((user) => user.registered_application_id);
    const ids = fromApplications.map((user) => user._id as ObjectId);
    if (ids.length === 0)
      return { members: new Set<string>(), creators: new Set<string>(), projectOf: new Map() };
    const [members, creators, projectOf] = await Promise.all([
      db.collection('organization_members').distinct('user_id', { user_id: { $in: ids } }),
      db.collection('organizations').distinct('created_by', { created_by: { $in: ids } }),
      projectsOfApplications(
        db,
        fromApplications.map((user) => user.registered_application_id as ObjectId),
      ),
    ]);
    return { members: new Set(members.map(String)), creators: new Set(creators.map(String)), projectOf };
  }

  await inBatches(profiles, { _id: 1, email: 1, registered_application_id: 1 }, batchSize, async (batch) => {
    const { members, creators, projectOf } = await platformTies(batch);
    const poolOf = (user: Document): { pool: string; kept?: KeptReason } => {
      const applicationId = user.registered_application_id as ObjectId | null | undefined;
      if (!applicationId) return { pool: PLATFORM_POOL };
      const id = String(user._id);
      if (creators.has(id)) return { pool: PLATFORM_POOL, kept: 'organization_creator' };
      if (members.has(id)) return { pool: PLATFORM_POOL, kept: 'organization_member' };
      if (typeof user.email === 'string' && admins.has(user.email))
        return { pool: PLATFORM_POOL, kept: 'global_admin' };
      const project = projectOf.get(String(applicationId));
      if (!project) return { pool: PLATFORM_POOL, kept: 'application_missing' };
      return { pool: poolOfProject(project) };
    };
    const groups = new Map<string, { pool: string; kept?: KeptReason; ids: ObjectId[] }>();
    for (const user of batch) {
      const { pool, kept } = poolOf(user);
      const key = `${pool}|${kept ?? ''}`;
      const group = groups.get(key) ?? { pool, kept, ids: [] };
      group.ids.push(user._id as ObjectId);
      groups.set(key, group);
    }
    for (const { pool, kept, ids } of groups.values()) {
      const moved = await setPool(profiles, ids, pool, options.logger, report);
      if (moved === 0) continue;
      report.users[pool] = (report.users[pool] ?? 0) + moved;
      if (kept) report.kept_on_platform[kept] += moved;
    }
  });
}

/**
 * Calls `handle` with the documents without `pool_id`, `size` at a time in `_id` order. Each batch
 * is a fresh query after the last `_id` seen, so documents the previous batch changed (and that
 * no longer match) cannot shift what the next batch reads, whatever the server's cursor does.
 */
async function inBatches(
  collection: Collection,
  projection: Document,
  size: number,
  handle: (batch: Document[]) => Promise<void>,
): Promise<void> {
  let after: ObjectId | null = null;
  for (;;) {
    const filter: Document = after ? { ...UNSET, _id: { $gt: after } } : { ...UNSET };
    const batch = await collection.find(filter, { projection }).sort({ _id: 1 }).limit(size).toArray();
    if (batch.length === 0) return;
    await handle(batch);
    if (batch.length < size) return;
    after = batch[batch.length - 1]!._id as ObjectId;
  }
}

/**
 * Sets `pool_id` on those of `ids` that still have none; answers how many this call changed (a
 * process starting at the same time may have set some: those count in its own log). A unique
 * index refusing a move (an account created meanwhile in the pool with the same e-mail: possible
 * only while a server of the previous version still writes) is logged and leaves that account.
 */
async function setPool(
  profiles: Collection,
  ids: ObjectId[],
  pool: string,
  logger: Logger,
  report: PoolMigrationReport,
): Promise<number> {
  const operations: AnyBulkWriteOperation[] = ids.map((_id) => ({
    updateOne: { filter: { _id, ...UNSET }, update: { $set: { pool_id: pool } } },
  }));
  try {
    return (await profiles.bulkWrite(operations, { ordered: false })).modifiedCount;
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    if (writeErrors.some((writeError) => writeError.code !== 11000)) throw error;
    for (const writeError of writeErrors) {
      report.conflicts += 1;
      logger.warn(
        { userId: String(ids[writeError.index]), pool },
        'user pools migration: an account with the same e-mail already exists in this pool; left without pool',
      );
    }
    return error.result.modifiedCount;
  }
}

/** The project of each application id (deleted applications included). */
async function projectsOfApplications(db: Db, ids: ObjectId[]): Promise<Map<string, string>> {
  const projects = new Map<string, string>();
  if (ids.length === 0) return projects;
  const unique = [...new Map(ids.map((id) => [String(id), id])).values()];
  const applications = await db
    .collection('applications')
    .find({ _id: { $in: unique } }, { projection: { project_id: 1 } })
    .toArray();
  for (const application of applications)
    if (application.project_id) projects.set(String(application._id), String(application.project_id));
  return projects;
}

async function assignSessionPools(
  db: Db,
  connection: Connection,
  batchSize: number,
  report: PoolMigrationReport,
): Promise<void> {
  const sessions = db.collection('auth_sessions');
  if (!(await sessions.findOne(UNSET, { projection: { _id: 1 } }))) return;
  const profiles = db.collection('profiles');
  const feed = revocationFeedFor(connection);
  const now = new Date();

  await inBatches(
    sessions,
    { _id: 1, user_id: 1, application_id: 1, revoked_at: 1, expires_at: 1 },
    batchSize,
    async (batch) => {
      const userPools = new Map<string, string>();
      for (const user of await profiles
        .find({ _id: { $in: batch.map((session) => session.user_id) } }, { projection: { pool_id: 1 } })
        .toArray())
        userPools.set(String(user._id), typeof user.pool_id === 'string' ? user.pool_id : PLATFORM_POOL);
      const projectOf = await projectsOfApplications(
        db,
        batch.map((session) => session.application_id).filter(Boolean),
      );

      const byPool = new Map<string, ObjectId[]>();
      const misfits: ObjectId[] = [];
      for (const session of batch) {
        const pool = userPools.get(String(session.user_id)) ?? PLATFORM_POOL;
        const started = session.application_id
          ? poolOfProjectOrNull(projectOf.get(String(session.application_id)))
          : PLATFORM_POOL;
        byPool.set(pool, [...(byPool.get(pool) ?? []), session._id as ObjectId]);
        const active = !session.revoked_at && session.expires_at instanceof Date && session.expires_at > now;
        if (active && started !== pool) misfits.push(session._id as ObjectId);
      }

      // Revoke first, then give the pool: a crash in between leaves the session without pool, so
      // the next start sees it again (revoking twice changes nothing).
      if (misfits.length > 0) {
        const revoked = await sessions.updateMany(
          { _id: { $in: misfits }, ...UNSET, revoked_at: null },
          { $set: { revoked_at: now, revoke_reason: POOL_MIGRATION_REVOKE_REASON } },
        );
        report.sessions.revoked += revoked.modifiedCount;
        // Processes already serving (of this version, started a moment earlier) drop cached copies.
        const owners = new Set(
          batch.filter((session) => misfits.includes(session._id as ObjectId)).map((s) => String(s.user_id)),
        );
        for (const userId of owners) await feed.publish('user_sessions', userId);
      }
      for (const [pool, ids] of byPool) {
        const updated = await sessions.updateMany(
          { _id: { $in: ids }, ...UNSET },
          { $set: { pool_id: pool } },
        );
        report.sessions.updated += updated.modifiedCount;
      }
    },
  );
}

const poolOfProjectOrNull = (project: string | undefined) => (project ? poolOfProject(project) : null);

/** Drops the previous version's unique indexes on e-mail and Google id alone, where they exist. */
async function dropLegacyIndexes(db: Db): Promise<string[]> {
  const profiles = db.collection('profiles');
  let indexes: Document[];
  try {
    indexes = await profiles.indexes();
  } catch (error) {
    if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return [];
    throw error;
  }
  const dropped: string[] = [];
  for (const index of indexes) {
    const key = index.key as Record<string, unknown>;
    const legacy = LEGACY_UNIQUE_INDEXES.some(
      (legacyKey) => JSON.stringify(key) === JSON.stringify(legacyKey) && index.unique === true,
    );
    if (!legacy) continue;
    try {
      await profiles.dropIndex(index.name as string);
      dropped.push(index.name as string);
    } catch (error) {
      // another process dropped it first
      if ((error as { codeName?: string }).codeName !== 'IndexNotFound') throw error;
    }
  }
  return dropped;
}
