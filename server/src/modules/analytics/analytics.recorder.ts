import { MongoBulkWriteError, type AnyBulkWriteOperation } from 'mongodb';
import mongoose, { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { activityLogModel } from '../activity/index.js';
import { applicationModel } from '../applications/index.js';
import { projectModel } from '../projects/index.js';
import {
  analyticsModels,
  encodeKey,
  bitOf,
  GRANULARITIES,
  HOURLY_ACTIVE_RETENTION_DAYS,
  KEY_KINDS,
  latencyBucket,
  type Granularity,
  type KeyKind,
  type RollupScope,
} from './analytics.model.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How often buffered request rows and counters are written: a crash loses at most this much. */
export const FLUSH_INTERVAL_MS = 1000;
/**
 * Rows waiting beyond this (the database is down or far too slow) are dropped and counted in the
 * log, so request logging can never take the process's memory with it.
 */
const MAX_PENDING = 100_000;
/** Owners (application → project, organization) remembered between flushes. */
const MAX_CACHED_OWNERS = 10_000;
/** Bits already set in their bucket: not sent again while remembered. */
const MAX_SEEN_BITS = 200_000;
/** Identity numbers remembered between flushes (each is a few dozen bytes). */
const MAX_CACHED_IDENTITIES = 500_000;
export const REQUEST_ACTION = 'api.request';
const RAW_RETENTION_INDEX = 'created_at_retention';
const LEGACY_KEY_COLLECTIONS = ['analytics_active_keys', 'analytics_active_keys_hourly'];
const ROLLUP_RETENTION_INDEX = 't_retention';

/** One API request as the request logger saw it; ids may be partial (the flush completes them). */
export interface RequestRecord {
  created_at: Date;
  method: string;
  /** The route pattern, e.g. /api/v1/projects/:id; null when no route matched. */
  endpoint: string | null;
  status_code: number;
  response_time_ms: number;
  ip_address: string | null;
  user_agent: string | null;
  sdk_version?: string | null;
  user_id: string | null;
  application_id: string | null;
  project_id: string | null;
  organization_id: string | null;
}

/** What the SDK ingest of one request adds: stored events (not duplicates) and who was active. */
export interface TrackingRecord {
  application: { _id: Types.ObjectId; project_id: Types.ObjectId; organization_id: Types.ObjectId };
  /** When the identities were active (the ingest time). */
  at: Date;
  /** Events as stored, each counted in the bucket of its own timestamp. */
  events?: Array<{ event: string; timestamp: Date }>;
  installationIds?: Array<string | null | undefined>;
  anonymousIds?: Array<string | null | undefined>;
  userIds?: Array<string | null | undefined>;
  /** Installations this request created. */
  newInstallations?: number;
}

export interface AnalyticsRecorder {
  /** Queues a request row; written with the next flush (at most a second later). Never throws. */
  logRequest(row: RequestRecord): void;
  /** Queues the counters of one SDK ingest request. Never throws. */
  recordTracking(record: TrackingRecord): void;
  /** Writes what is queued now; resolves once written (reads call it for read-your-writes). */
  flush(): Promise<void>;
  /**
   * Writes request rows (and tracking counters) with their rollups at once, bypassing the queue:
   * for seeding (bench:analytics) and imports. Rows keep their created_at.
   */
  writeBatch(batch: { requests?: RequestRecord[]; tracking?: TrackingRecord[] }): Promise<void>;
  /** Creates the unique and TTL indexes (once per process; writes and reads call it). */
  ensureIndexes(): Promise<void>;
  /** Stops the timer and flushes (server shutdown). */
  close(): Promise<void>;
}

export function bucketStart(at: Date | number, granularity: Granularity): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  return new Date(ms - (((ms % size) + size) % size));
}

interface Owner {
  application: Types.ObjectId | null;
  project: Types.ObjectId | null;
  organization: Types.ObjectId | null;
}

const objectId = (id: string | null | undefined) =>
  id && Types.ObjectId.isValid(id) ? new Types.ObjectId(id) : null;

/** Counters of one rollup document, gathered over a flush and written with one $inc upsert. */
interface RollupDelta {
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  t: Date;
  inc: Record<string, number>;
  max: number | null;
}

class Deltas {
  readonly rollups = new Map<string, RollupDelta>();
  readonly events = new Map<
    string,
    { key: Omit<RollupDelta, 'inc' | 'max'>; event: string; count: number }
  >();
  /** Who was active, per bitmap document (scope, id, granularity, bucket): identities by kind. */
  readonly actives = new Map<
    string,
    { key: Omit<RollupDelta, 'inc' | 'max'>; identities: Record<KeyKind, Set<string>> }
  >();

  private rollup(scope: RollupScope, id: Types.ObjectId, granularity: Granularity, at: Date): RollupDelta {
    const t = bucketStart(at, granularity);
    const key = `${scope}:${id.toHexString()}:${granularity}:${t.getTime()}`;
    let delta = this.rollups.get(key);
    if (!delta) {
      delta = { scope, scope_id: id, granularity, t, inc: {}, max: null };
      this.rollups.set(key, delta);
    }
    return delta;
  }

  private static add(inc: Record<string, number>, field: string, value: number) {
    inc[field] = (inc[field] ?? 0) + value;
  }

  addRequest(scopes: Array<[RollupScope, Types.ObjectId]>, row: RequestRecord, userId: string | null) {
    const bucket = latencyBucket(row.response_time_ms);
    const isError = row.status_code >= 400 ? 1 : 0;
    const endpoint = row.endpoint === null ? null : `endpoints.${encodeKey(`${row.method} ${row.endpoint}`)}`;
    for (const [scope, id] of scopes) {
      for (const granularity of GRANULARITIES) {
        const delta = this.rollup(scope, id, granularity, row.created_at);
        const add = (field: string, value: number) => Deltas.add(delta.inc, field, value);
        add('requests', 1);
        add('errors', isError);
        add('total_ms', row.response_time_ms);
        add(`latency.${bucket}`, 1);
        if (endpoint) {
          add(`${endpoint}.n`, 1);
          add(`${endpoint}.e`, isError);
          add(`${endpoint}.ms`, row.response_time_ms);
          add(`${endpoint}.lat.${bucket}`, 1);
        }
        delta.max = Math.max(delta.max ?? 0, row.response_time_ms);
        if (userId) this.addKey(scope, id, granularity, row.created_at, 'user', userId);
      }
    }
  }

  addTracking(scopes: Array<[RollupScope, Types.ObjectId]>, record: TrackingRecord) {
    // Events of one hour and name are counted once here, then added to every scope and
    // granularity: a batch of 500 events usually holds a handful of such groups.
    const groups = new Map<string, { hour: number; event: string; count: number }>();
    for (const { event, timestamp } of record.events ?? []) {
      const hour = bucketStart(timestamp, 'hour').getTime();
      const name = `${hour}:${event}`;
      const group = groups.get(name);
      if (group) group.count += 1;
      else groups.set(name, { hour, event, count: 1 });
    }
    for (const [scope, id] of scopes) {
      const scopeKey = `${scope}:${id.toHexString()}`;
      for (const granularity of GRANULARITIES) {
        for (const { hour, event, count } of groups.values()) {
          const t = bucketStart(hour, granularity);
          Deltas.add(this.rollup(scope, id, granularity, t).inc, 'events', count);
          const key = `${scopeKey}:${granularity}:${t.getTime()}:${event}`;
          const entry = this.events.get(key);
          if (entry) entry.count += count;
          else this.events.set(key, { key: { scope, scope_id: id, granularity, t }, event, count });
        }
        if (record.newInstallations)
          Deltas.add(
            this.rollup(scope, id, granularity, record.at).inc,
            'new_installations',
            record.newInstallations,
          );
        const kinds: Array<[KeyKind, TrackingRecord['userIds']]> = [
          ['installation', record.installationIds],
          ['anonymous', record.anonymousIds],
          ['user', record.userIds],
        ];
        for (const [kind, values] of kinds)
          for (const value of values ?? [])
            if (value) this.addKey(scope, id, granularity, record.at, kind, value);
      }
    }
  }

  addKey(
    scope: RollupScope,
    id: Types.ObjectId,
    granularity: Granularity,
    at: Date,
    kind: KeyKind,
    key: string,
  ) {
    const t = bucketStart(at, granularity);
    const name = `${scope}:${id.toHexString()}:${granularity}:${t.getTime()}`;
    let entry = this.actives.get(name);
    if (!entry) {
      entry = {
        key: { scope, scope_id: id, granularity, t },
        identities: { user: new Set(), anonymous: new Set(), installation: new Set() },
      };
      this.actives.set(name, entry);
    }
    entry.identities[kind].add(key);
  }
}

/**
 * The request log and the rollups behind it. Requests and SDK ingests only append to in-memory
 * queues (no database round trip on the request path); once a second one flush writes the rows
 * with one insertMany, the counters with one bulk of $inc upserts and the active keys with one
 * unordered insertMany whose duplicates (already counted) are ignored. Nothing in memory is needed
 * for correctness: every process adds into the same documents.
 */
export function createAnalyticsRecorder(deps: {
  connection: Connection;
  logger: Logger;
  retentionDays: number;
  rollupRetentionDays: number;
}): AnalyticsRecorder {
  const { connection, logger } = deps;
  const ActivityLogs = activityLogModel(connection);
  const Applications = applicationModel(connection);
  const Projects = projectModel(connection);
  const { Rollups, EventCounts, Active, IdentityNumbers, IdentityCounters } = analyticsModels(connection);

  let pendingRequests: RequestRecord[] = [];
  let pendingTracking: TrackingRecord[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const applicationOwners = new Map<string, Owner>();
  const projectOrganizations = new Map<string, Types.ObjectId>();
  const seenBits = new Set<string>();
  /** `kind:key` → identity number; numbers never change, so any process may remember them. */
  const identityNumbers = new Map<string, number>();

  let ready: Promise<void> | undefined;
  function ensureIndexes(): Promise<void> {
    ready ??= (async () => {
      // The unique indexes decide correctness (one rollup per bucket, one key per bucket): they
      // must exist before the first write.
      await Promise.all([
        Rollups.init(),
        EventCounts.init(),
        Active.hour.init(),
        Active.day.init(),
        IdentityNumbers.init(),
      ]);
      const rollupTtl = {
        field: 't',
        name: ROLLUP_RETENTION_INDEX,
        expireAfterSeconds: deps.rollupRetentionDays * 86_400,
      };
      // Retention is not worth losing the counts for: a TTL index that cannot be made (an
      // operator's own index on the field) is reported, and writing goes on.
      const ttl = await Promise.allSettled([
        ensureTtlIndex(connection, ActivityLogs.collection, {
          field: 'created_at',
          name: RAW_RETENTION_INDEX,
          expireAfterSeconds: deps.retentionDays * 86_400,
        }),
        ensureTtlIndex(connection, Rollups.collection, rollupTtl),
        ensureTtlIndex(connection, EventCounts.collection, rollupTtl),
        ensureTtlIndex(connection, Active.day.collection, rollupTtl),
        ensureTtlIndex(connection, Active.hour.collection, {
          ...rollupTtl,
          expireAfterSeconds: Math.min(deps.rollupRetentionDays, HOURLY_ACTIVE_RETENTION_DAYS) * 86_400,
        }),
      ]);
      for (const outcome of ttl)
        if (outcome.status === 'rejected')
          logger.error({ err: outcome.reason }, 'analytics: could not create a retention (TTL) index');
      migrateActiveKeys().catch((error: unknown) =>
        logger.error({ err: error }, 'analytics: could not move the old active keys into bitmaps'),
      );
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  }

  function startTimer() {
    if (timer) return;
    timer = setInterval(() => {
      void flush();
    }, FLUSH_INTERVAL_MS);
    // The timer alone never keeps a process alive; shutdown flushes explicitly.
    timer.unref();
  }

  function enqueue<T>(queue: T[], item: T) {
    if (pendingRequests.length + pendingTracking.length >= MAX_PENDING) {
      dropped += 1;
      return;
    }
    queue.push(item);
    startTimer();
  }

  /** Completes the owners of the rows: an application names its project and organization. */
  async function resolveOwners(rows: RequestRecord[]): Promise<Owner[]> {
    const missingApplications = new Set<string>();
    const missingProjects = new Set<string>();
    for (const row of rows) {
      if (row.application_id && (!row.project_id || !row.organization_id)) {
        if (!applicationOwners.has(row.application_id)) missingApplications.add(row.application_id);
      } else if (row.project_id && !row.organization_id && !projectOrganizations.has(row.project_id)) {
        missingProjects.add(row.project_id);
      }
    }
    if (applicationOwners.size + missingApplications.size > MAX_CACHED_OWNERS) applicationOwners.clear();
    if (projectOrganizations.size + missingProjects.size > MAX_CACHED_OWNERS) projectOrganizations.clear();
    const [applications, projects] = await Promise.all([
      missingApplications.size
        ? Applications.find(
            { _id: mongoose.trusted({ $in: [...missingApplications].map((id) => new Types.ObjectId(id)) }) },
            { project_id: 1, organization_id: 1 },
          ).lean()
        : [],
      missingProjects.size
        ? Projects.find(
            { _id: mongoose.trusted({ $in: [...missingProjects].map((id) => new Types.ObjectId(id)) }) },
            { organization_id: 1 },
          ).lean()
        : [],
    ]);
    for (const application of applications)
      applicationOwners.set(String(application._id), {
        application: application._id,
        project: application.project_id,
        organization: application.organization_id,
      });
    for (const project of projects) projectOrganizations.set(String(project._id), project.organization_id);

    return rows.map((row) => {
      const known = row.application_id ? applicationOwners.get(row.application_id) : undefined;
      const application = objectId(row.application_id);
      const project = objectId(row.project_id) ?? known?.project ?? null;
      const organization =
        objectId(row.organization_id) ??
        known?.organization ??
        (row.project_id ? (projectOrganizations.get(row.project_id) ?? null) : null);
      return { application, project, organization };
    });
  }

  const scopesOf = (owner: Owner) => {
    const scopes: Array<[RollupScope, Types.ObjectId]> = [];
    if (owner.application) scopes.push(['application', owner.application]);
    if (owner.project) scopes.push(['project', owner.project]);
    if (owner.organization) scopes.push(['organization', owner.organization]);
    return scopes;
  };

  async function write(requests: RequestRecord[], tracking: TrackingRecord[]): Promise<void> {
    if (requests.length === 0 && tracking.length === 0) return;
    await ensureIndexes();
    const owners = await resolveOwners(requests);
    const deltas = new Deltas();
    const rows = requests.map((row, index) => {
      const owner = owners[index]!;
      deltas.addRequest(scopesOf(owner), row, row.user_id);
      return {
        _id: new Types.ObjectId(),
        action: REQUEST_ACTION,
        resource_type: 'api',
        resource_id: null,
        metadata: {},
        endpoint: row.endpoint,
        method: row.method,
        status_code: row.status_code,
        response_time_ms: row.response_time_ms,
        ip_address: row.ip_address,
        sdk_version: row.sdk_version ?? null,
        user_agent: row.user_agent,
        user_id: objectId(row.user_id),
        anonymous_user_id: null,
        installation_id: null,
        organization_id: owner.organization,
        project_id: owner.project,
        application_id: owner.application,
        created_at: row.created_at,
      };
    });
    for (const record of tracking) {
      const { _id, project_id, organization_id } = record.application;
      deltas.addTracking(
        [
          ['application', _id],
          ['project', project_id],
          ['organization', organization_id],
        ],
        record,
      );
    }

    const rollupOps: AnyBulkWriteOperation[] = [...deltas.rollups.values()].map((delta) => ({
      updateOne: {
        filter: { scope: delta.scope, scope_id: delta.scope_id, granularity: delta.granularity, t: delta.t },
        update: { $inc: delta.inc, ...(delta.max === null ? {} : { $max: { max_ms: delta.max } }) },
        upsert: true,
      },
    }));
    const eventOps: AnyBulkWriteOperation[] = [...deltas.events.values()].map((entry) => ({
      updateOne: {
        filter: { ...entry.key, event: entry.event },
        update: { $inc: { count: entry.count } },
        upsert: true,
      },
    }));

    await Promise.all([
      rows.length ? ActivityLogs.collection.insertMany(rows, { ordered: false }) : null,
      rollupOps.length ? Rollups.collection.bulkWrite(rollupOps, { ordered: false }) : null,
      eventOps.length ? EventCounts.collection.bulkWrite(eventOps, { ordered: false }) : null,
      writeBitmaps(deltas),
    ]);
  }

  async function writeBitmaps(deltas: Deltas): Promise<void> {
    const activeOps = await bitmapOps(deltas);
    await Promise.all(
      GRANULARITIES.map((granularity) =>
        activeOps[granularity].ops.length
          ? Active[granularity].collection.bulkWrite(activeOps[granularity].ops, { ordered: false })
          : null,
      ),
    );
    const sent = [...activeOps.hour.bits, ...activeOps.day.bits];
    if (seenBits.size + sent.length > MAX_SEEN_BITS) seenBits.clear();
    for (const bit of sent) seenBits.add(bit);
  }

  /**
   * The first analytics version kept one row per identity and bucket (`analytics_active_keys`,
   * `analytics_active_keys_hourly`). Their rows become bits, then the collections go. Idempotent
   * ($bit:or), so processes starting together may each run it; nothing waits for it.
   */
  async function migrateActiveKeys(): Promise<void> {
    for (const name of LEGACY_KEY_COLLECTIONS) {
      const db = connection.db!;
      if ((await db.listCollections({ name }, { nameOnly: true }).toArray()).length === 0) continue;
      const legacy = db.collection(name);
      let deltas = new Deltas();
      let moved = 0;
      for await (const row of legacy.find({}, { projection: { _id: 0 } })) {
        if (!KEY_KINDS.includes(row.kind) || !GRANULARITIES.includes(row.granularity)) continue;
        deltas.addKey(row.scope, row.scope_id, row.granularity, row.t, row.kind, String(row.key));
        if (++moved % 5000 === 0) {
          await writeBitmaps(deltas);
          deltas = new Deltas();
        }
      }
      await writeBitmaps(deltas);
      await legacy.drop();
      logger.info({ collection: name, moved }, 'analytics: active keys moved into activity bitmaps');
    }
  }

  /**
   * One `$bit: {or}` upsert per bitmap document that gains bits in this flush. Bits this process
   * has set before (remembered in seenBits) are not sent again; setting them again would be
   * harmless, only wasted work.
   */
  async function bitmapOps(deltas: Deltas) {
    const wanted = new Map<KeyKind, Set<string>>(KEY_KINDS.map((kind) => [kind, new Set<string>()]));
    for (const { identities } of deltas.actives.values())
      for (const kind of KEY_KINDS) for (const key of identities[kind]) wanted.get(kind)!.add(key);
    const numbers = await numberIdentities(wanted);
    const result = {
      hour: { ops: [] as AnyBulkWriteOperation[], bits: [] as string[] },
      day: { ops: [] as AnyBulkWriteOperation[], bits: [] as string[] },
    };
    for (const [name, { key, identities }] of deltas.actives) {
      const bit: Record<string, { or: number }> = {};
      const bits: string[] = [];
      for (const kind of KEY_KINDS) {
        for (const identity of identities[kind]) {
          const n = numbers.get(`${kind}:${identity}`)!;
          const seen = `${name}:${kind}:${n}`;
          if (seenBits.has(seen)) continue;
          bits.push(seen);
          const { word, mask } = bitOf(n);
          const field = `${kind}.${word}`;
          bit[field] = { or: (bit[field]?.or ?? 0) | mask };
        }
      }
      if (bits.length === 0) continue;
      result[key.granularity].bits.push(...bits);
      result[key.granularity].ops.push({
        updateOne: { filter: { ...key }, update: { $bit: bit }, upsert: true },
      });
    }
    return result;
  }

  /**
   * The numbers of identities: remembered, stored, or handed out now. New ones take a range from
   * the kind's counter and are inserted under the unique (kind, key) index; when another process
   * numbered the same identity first, its number wins and ours stays unused.
   */
  async function numberIdentities(wanted: Map<KeyKind, Set<string>>): Promise<Map<string, number>> {
    const numbers = new Map<string, number>();
    await Promise.all(
      [...wanted].map(async ([kind, keys]) => {
        const unknown: string[] = [];
        for (const key of keys) {
          const n = identityNumbers.get(`${kind}:${key}`);
          if (n === undefined) unknown.push(key);
          else numbers.set(`${kind}:${key}`, n);
        }
        if (unknown.length === 0) return;
        const remember = (key: string, n: number) => {
          numbers.set(`${kind}:${key}`, n);
          if (identityNumbers.size >= MAX_CACHED_IDENTITIES) identityNumbers.clear();
          identityNumbers.set(`${kind}:${key}`, n);
        };
        const stored = async (list: string[]) => {
          const found = await IdentityNumbers.collection
            .find({ kind, key: { $in: list } }, { projection: { _id: 0, key: 1, n: 1 } })
            .toArray();
          for (const doc of found) remember(doc.key as string, doc.n as number);
          return list.filter((key) => !numbers.has(`${kind}:${key}`));
        };
        const missing = await stored(unknown);
        if (missing.length === 0) return;
        const counter = await IdentityCounters.findOneAndUpdate(
          { _id: kind },
          { $inc: { next: missing.length } },
          { upsert: true, returnDocument: 'after' },
        ).lean();
        const first = counter!.next - missing.length;
        const docs = missing.map((key, index) => ({ kind, key, n: first + index }));
        const numberedElsewhere = new Set<number>();
        try {
          await IdentityNumbers.collection.insertMany(docs, { ordered: false });
        } catch (error) {
          const writeErrors = error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : [];
          if (writeErrors.length === 0 || writeErrors.some((e) => !isDuplicateKey(e))) throw error;
          for (const writeError of writeErrors) numberedElsewhere.add(writeError.index);
        }
        docs.forEach((doc, index) => {
          if (!numberedElsewhere.has(index)) remember(doc.key, doc.n);
        });
        // Another process numbered these first: its numbers count.
        if (numberedElsewhere.size > 0) await stored([...numberedElsewhere].map((index) => docs[index]!.key));
      }),
    );
    return numbers;
  }

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const requests = pendingRequests;
      const tracking = pendingTracking;
      pendingRequests = [];
      pendingTracking = [];
      if (dropped > 0) {
        logger.warn({ dropped }, 'analytics: request rows dropped, the database did not keep up');
        dropped = 0;
      }
      try {
        await write(requests, tracking);
      } catch (error) {
        // Analytics never fails a request; what this flush held is lost (at most a second's worth).
        logger.error(
          { err: error, requests: requests.length, tracking: tracking.length },
          'analytics: could not write request logs and rollups',
        );
      }
    });
    return writing;
  }

  return {
    logRequest(row) {
      enqueue(pendingRequests, row);
    },
    recordTracking(record) {
      enqueue(pendingTracking, record);
    },
    flush,
    async writeBatch(batch) {
      await write(batch.requests ?? [], batch.tracking ?? []);
    },
    ensureIndexes,
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      // Without a database (it went away before shutdown) a write would wait for the connection
      // to come back and hold up the shutdown; say what is lost instead.
      if (connection.readyState !== mongoose.ConnectionStates.connected) {
        const lost = pendingRequests.length + pendingTracking.length;
        if (lost > 0) logger.error({ lost }, 'analytics: database gone at shutdown, queued rows not written');
        return;
      }
      await flush();
    },
  };
}
