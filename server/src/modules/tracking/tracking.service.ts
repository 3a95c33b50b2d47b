import { MongoBulkWriteError } from 'mongodb';
import { LRUCache } from 'lru-cache';
import mongoose, { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { paginateNewestBy, type Page } from '../../lib/pagination.js';
import type { ActivityService, ResourceType } from '../../core/audit.js';
import type { TrackingRecord } from '../analytics/index.js';
import type { ApplicationCaller, ApplicationDocument, ApplicationsService } from '../applications/index.js';
import {
  analyticsEventModel,
  anonymousUserModel,
  installationModel,
  RECENT_SESSION_IDS,
  type AnalyticsEvent,
  type AnonymousUser,
  type DeviceInfo,
  type EnvironmentInfo,
  type Installation,
} from './tracking.model.js';
import { MAX_FUTURE_SKEW_MS, type EventRejection, type LinkOutcome } from './tracking.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Active" installations were seen within this window (SPEC §9). */
export const ACTIVE_WINDOW_MS = DAY_MS;
const ANONYMOUS_DISPLAY_NAME = 'Anonymous User';
const RETENTION_INDEX = 'timestamp_retention';
/** The index earlier versions kept on analytics events (see dropUnusedEventIndex). */
const UNUSED_EVENT_INDEX = 'application_id_1_timestamp_-1';
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;
/** Concurrent upserts of one new row: the loser's insert fails on the unique index and tries again. */
const MAX_UPSERT_ATTEMPTS = 4;
/** Sessions remembered per process for `touchInstallation`'s first guess (~100 bytes each). */
const SESSION_HINTS = 20_000;

/** Where an ingest request came from: the application of its X-Application-ID, and the client. */
export interface IngestSource {
  application: Pick<ApplicationDocument, '_id' | 'project_id' | 'organization_id'>;
  ip: string | null;
  userAgent: string | null;
  /** The X-SDK-Version header, cleaned; null without one. */
  sdkVersion: string | null;
}

export interface InstallationInput {
  installation_id: string;
  device_info?: Partial<DeviceInfo> | null;
  environment_info?: Partial<EnvironmentInfo> | null;
  is_anonymous: boolean;
  anonymous_id?: string | null;
  user_id?: string | null;
}

export interface ActivityInput {
  action: string;
  resource_type: ResourceType;
  resource_id?: string | null;
  metadata?: Record<string, unknown> | null;
  installation_id?: string | null;
  anonymous_user_id?: string | null;
}

export interface EventInput {
  id?: string | null;
  event: string;
  properties?: Record<string, unknown> | null;
  timestamp?: Date | null;
}

export interface BatchInput {
  events: EventInput[];
  session_info?: { session_id?: string | null; installation_id?: string | null } | null;
}

export interface BatchResult {
  events_processed: number;
  duplicates: number;
  rejected: Array<{ index: number; id: string | null; reason: EventRejection; message: string }>;
}

export interface IdentityInput {
  anonymous_id?: string | null;
  installation_id?: string | null;
}

export interface IdentifyResult {
  success: true;
  user_id: string;
  anonymous_user: { anonymous_id: string; status: LinkOutcome } | null;
  installation: { installation_id: string; status: LinkOutcome } | null;
}

/** Who reads: a dashboard session (applicationId null) or an API token bound to one application. */
export type TrackingReader = ApplicationCaller;

export interface TrackingService {
  /** Upserts the installation (and its anonymous user); counts a session id not seen before. */
  registerInstallation(
    source: IngestSource,
    input: InstallationInput,
  ): Promise<{ created: boolean; newSession: boolean }>;
  /** Appends to activity_logs for the application; returns the entry's id. */
  logActivity(source: IngestSource, input: ActivityInput): Promise<string>;
  /** Stores a batch of events; ids already stored are skipped, bad timestamps refused one by one. */
  ingestEvents(source: IngestSource, batch: BatchInput): Promise<BatchResult>;
  /** Links the anonymous user and installation to the signed-in user (the anonymous → registered funnel). */
  identify(
    application: IngestSource['application'],
    userId: string,
    input: IdentityInput,
  ): Promise<IdentifyResult>;
  /** `identify` for sign-ins and registrations: never fails them, logs instead. */
  linkQuietly(application: IngestSource['application'], userId: string, input: IdentityInput): Promise<void>;
  listInstallations(
    reader: TrackingReader,
    query: {
      application_id?: string;
      is_anonymous?: boolean;
      active?: boolean;
      limit?: number;
      cursor?: string;
    },
  ): Promise<Page<InstallationView>>;
  listAnonymousUsers(
    reader: TrackingReader,
    query: { application_id?: string; installation_id?: string; limit?: number; cursor?: string },
  ): Promise<Page<AnonymousUserView>>;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const idOrNull = (id: Types.ObjectId | null | undefined) => (id ? String(id) : null);

export type InstallationView = ReturnType<typeof installationView>;
export type AnonymousUserView = ReturnType<typeof anonymousUserView>;

function installationView(row: Installation) {
  const device: Partial<DeviceInfo> = row.device_info ?? {};
  const environment: Partial<EnvironmentInfo> = row.environment_info ?? {};
  return {
    id: String(row._id),
    installation_id: row.installation_id,
    application_id: String(row.application_id),
    project_id: String(row.project_id),
    organization_id: String(row.organization_id),
    device_info: {
      platform: device.platform ?? null,
      user_agent: device.user_agent ?? null,
      language: device.language ?? null,
      timezone: device.timezone ?? null,
      screen_resolution: device.screen_resolution ?? null,
      color_depth: device.color_depth ?? null,
      device_memory: device.device_memory ?? null,
      hardware_concurrency: device.hardware_concurrency ?? null,
    },
    environment_info: {
      url: environment.url ?? null,
      referrer: environment.referrer ?? null,
      timestamp: iso(environment.timestamp),
      session_id: environment.session_id ?? null,
    },
    is_anonymous: row.is_anonymous,
    is_active: row.is_active,
    anonymous_id: row.anonymous_id ?? null,
    user_id: idOrNull(row.user_id),
    reported_user_id: row.reported_user_id ?? null,
    linked_at: iso(row.linked_at),
    session_count: row.session_count ?? 0,
    total_events: row.total_events ?? 0,
    sdk_version: row.sdk_version ?? null,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  };
}

function anonymousUserView(row: AnonymousUser) {
  return {
    id: String(row._id),
    anonymous_id: row.anonymous_id,
    display_name: row.display_name,
    installation_id: row.installation_id ?? null,
    application_id: String(row.application_id),
    project_id: String(row.project_id),
    organization_id: String(row.organization_id),
    user_id: idOrNull(row.user_id),
    linked_at: iso(row.linked_at),
    first_seen_at: row.first_seen_at.toISOString(),
    last_activity_at: row.last_activity_at.toISOString(),
  };
}

/** "Anonymous User" plus the platform (SPEC §3), e.g. "Anonymous User MacIntel". */
function anonymousDisplayName(platform: string | null | undefined): string {
  const shown = platform?.trim();
  return shown ? `${ANONYMOUS_DISPLAY_NAME} ${shown}`.slice(0, 120) : ANONYMOUS_DISPLAY_NAME;
}

/** Runs an upsert again when a concurrent request inserted the same row first (E11000). */
async function retryOnDuplicate<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDuplicateKey(error) || tries >= MAX_UPSERT_ATTEMPTS) throw error;
    }
  }
}

export function createTrackingService(deps: {
  connection: Connection;
  logger: Logger;
  activity: ActivityService;
  applications: Pick<ApplicationsService, 'get'>;
  organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
  retentionDays: number;
  /** Told what each ingest request stored and who was active (the analytics rollups); never waits. */
  rollups?: { recordTracking(record: TrackingRecord): void };
}): TrackingService {
  const Installations = installationModel(deps.connection);
  const AnonymousUsers = anonymousUserModel(deps.connection);
  const Events = analyticsEventModel(deps.connection);
  const retentionMs = deps.retentionDays * DAY_MS;
  const trusted = mongoose.trusted;
  const rollUp = (source: IngestSource, at: Date, record: Omit<TrackingRecord, 'application' | 'at'>) =>
    deps.rollups?.recordTracking({ application: source.application, at, ...record });

  /**
   * Unique indexes decide correctness here (one installation per id, one event per id), so they
   * must exist before the first write; built once per process, on first use (building the app
   * needs no database).
   */
  let ready: Promise<unknown> | undefined;
  function ensureIndexes(): Promise<unknown> {
    ready ??= Promise.all([
      Installations.init(),
      AnonymousUsers.init(),
      Events.init().then(() => Promise.all([ensureRetentionIndex(), dropUnusedEventIndex()])),
    ]).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  }

  /** The TTL index on `timestamp`; a changed ANALYTICS_RETENTION_DAYS replaces the old one. */
  const ensureRetentionIndex = () =>
    ensureTtlIndex(deps.connection, Events.collection, {
      field: 'timestamp',
      name: RETENTION_INDEX,
      expireAfterSeconds: Math.round(retentionMs / 1000),
    });

  /**
   * Databases created by earlier versions hold an index on (application_id, timestamp) that no query
   * uses; it is dropped so that inserts stop maintaining it. Already gone: nothing to do.
   */
  const dropUnusedEventIndex = () =>
    Events.collection.dropIndex(UNUSED_EVENT_INDEX).catch((error: unknown) => {
      const code = (error as { code?: number }).code;
      if (code !== INDEX_NOT_FOUND && code !== NAMESPACE_NOT_FOUND) throw error;
    });

  /**
   * Sessions this process counted or saw recently. Only a hint of which installation update to try first: a
   * session's later batches find their session counted (the "seen" update matches at once), a session not
   * met here is most likely new (the counting upsert matches at once). Either order is correct, since each
   * update checks the stored installation itself; the right guess saves a database round trip per request.
   */
  const sessionsCountedHere = new LRUCache<string, true>({ max: SESSION_HINTS });

  const owner = (application: IngestSource['application']) => ({
    application_id: application._id,
    project_id: application.project_id,
    organization_id: application.organization_id,
  });

  /**
   * Stores new events; an event whose id the application has stored already is left out (E11000 on
   * the unique (application_id, event_id) index), the others go in (an unordered insert).
   */
  async function insertEvents(rows: AnalyticsEvent[]): Promise<{ stored: AnalyticsEvent[] }> {
    if (rows.length === 0) return { stored: rows };
    await ensureIndexes();
    try {
      await Events.collection.insertMany(rows, { ordered: false });
      return { stored: rows };
    } catch (error) {
      const writeErrors = error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : [];
      if (writeErrors.length === 0 || !writeErrors.every(isDuplicateKey)) throw error;
      const refused = new Set(writeErrors.map((e) => e.index));
      return { stored: rows.filter((_row, index) => !refused.has(index)) };
    }
  }

  /**
   * Upserts an installation seen now: `set` overwrites, `events` adds to total_events, and a
   * session id not among the installation's recent ones adds one to session_count. Each step is
   * one atomic single-document update, so concurrent requests count each session once without
   * transactions: the session id is pushed by the same update that counts it, and that update
   * only matches while the id is absent.
   */
  async function touchInstallation(
    application: IngestSource['application'],
    installationId: string,
    changes: { set?: Record<string, unknown>; events?: number; sessionId?: string | null },
    now: Date,
  ): Promise<{ created: boolean; newSession: boolean }> {
    await ensureIndexes();
    const key = { application_id: application._id, installation_id: installationId };
    const set = { ...changes.set, last_seen_at: now };
    const insertDefaults: Record<string, unknown> = {
      project_id: application.project_id,
      organization_id: application.organization_id,
      device_info: null,
      environment_info: null,
      is_anonymous: true,
      is_active: true,
      anonymous_id: null,
      user_id: null,
      reported_user_id: null,
      linked_at: null,
      sdk_version: null,
      first_seen_at: now,
    };
    for (const field of Object.keys(set)) delete insertDefaults[field];
    const options = { upsert: true, setDefaultsOnInsert: false } as const;
    const events = changes.events ?? 0;
    const sessionId = changes.sessionId;

    if (!sessionId) {
      const result = await retryOnDuplicate(() =>
        Installations.updateOne(
          key,
          {
            $set: set,
            $setOnInsert: { ...insertDefaults, recent_session_ids: [] },
            $inc: { total_events: events, session_count: 0 },
          },
          options,
        ),
      );
      return { created: result.upsertedCount > 0, newSession: false };
    }

    const hintKey = `${String(application._id)} ${installationId} ${sessionId}`;
    let seenFirst = sessionsCountedHere.has(hintKey);
    for (let attempt = 1; ; attempt++) {
      if (seenFirst) {
        // Seen before: nothing to count.
        const seen = await Installations.updateOne(
          { ...key, recent_session_ids: sessionId },
          { $set: set, $inc: { total_events: events } },
        );
        if (seen.matchedCount > 0) {
          sessionsCountedHere.set(hintKey, true);
          return { created: false, newSession: false };
        }
      }
      try {
        const counted = await Installations.updateOne(
          { ...key, recent_session_ids: trusted({ $ne: sessionId }) },
          {
            $set: set,
            $setOnInsert: insertDefaults,
            $inc: { total_events: events, session_count: 1 },
            $push: { recent_session_ids: { $each: [sessionId], $slice: -RECENT_SESSION_IDS } },
          },
          options,
        );
        sessionsCountedHere.set(hintKey, true);
        return { created: counted.upsertedCount > 0, newSession: true };
      } catch (error) {
        // The installation has counted this session already (its id is among the recent ones, so the upsert
        // tried to insert a second installation), or another request created it in between: look again.
        if (!isDuplicateKey(error) || attempt >= MAX_UPSERT_ATTEMPTS) throw error;
        seenFirst = true;
      }
    }
  }

  /** Upserts the anonymous user seen now and returns the account it is linked to, if any. */
  async function touchAnonymousUser(
    application: IngestSource['application'],
    anonymousId: string,
    changes: { installationId?: string | null; platform?: string | null },
    now: Date,
  ): Promise<Types.ObjectId | null> {
    await ensureIndexes();
    const set: Record<string, unknown> = { last_activity_at: now };
    if (changes.installationId) set.installation_id = changes.installationId;
    if (changes.platform !== undefined) set.display_name = anonymousDisplayName(changes.platform);
    const insertDefaults: Record<string, unknown> = {
      project_id: application.project_id,
      organization_id: application.organization_id,
      display_name: ANONYMOUS_DISPLAY_NAME,
      installation_id: null,
      user_id: null,
      linked_at: null,
      first_seen_at: now,
    };
    for (const field of Object.keys(set)) delete insertDefaults[field];
    const row = await retryOnDuplicate(() =>
      AnonymousUsers.findOneAndUpdate(
        { application_id: application._id, anonymous_id: anonymousId },
        { $set: set, $setOnInsert: insertDefaults },
        { upsert: true, returnDocument: 'after', setDefaultsOnInsert: false, projection: { user_id: 1 } },
      ).lean<Pick<AnonymousUser, 'user_id'>>(),
    );
    return row?.user_id ?? null;
  }

  async function linkAnonymousUser(
    application: IngestSource['application'],
    userId: Types.ObjectId,
    anonymousId: string,
    installationId: string | null,
    now: Date,
  ): Promise<LinkOutcome> {
    await ensureIndexes();
    const key = { application_id: application._id, anonymous_id: anonymousId };
    for (let attempt = 1; ; attempt++) {
      // First link wins: only an unlinked anonymous user takes the account.
      const linked = await AnonymousUsers.updateOne(
        { ...key, user_id: null },
        { $set: { user_id: userId, linked_at: now, last_activity_at: now } },
      );
      if (linked.matchedCount > 0) return 'linked';
      const existing = await AnonymousUsers.findOne(key, { user_id: 1 }).lean<
        Pick<AnonymousUser, 'user_id'>
      >();
      if (existing) return existing.user_id?.equals(userId) ? 'already_linked' : 'linked_to_other_user';
      try {
        await AnonymousUsers.create({
          ...owner(application),
          anonymous_id: anonymousId,
          display_name: ANONYMOUS_DISPLAY_NAME,
          installation_id: installationId,
          user_id: userId,
          linked_at: now,
          first_seen_at: now,
          last_activity_at: now,
        });
        return 'linked';
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= MAX_UPSERT_ATTEMPTS) throw error;
      }
    }
  }

  async function linkInstallation(
    application: IngestSource['application'],
    userId: Types.ObjectId,
    installationId: string,
    now: Date,
  ): Promise<LinkOutcome> {
    const key = { application_id: application._id, installation_id: installationId };
    const already = await Installations.updateOne(
      { ...key, user_id: userId },
      { $set: { is_anonymous: false } },
    );
    if (already.matchedCount > 0) return 'already_linked';
    // A device names the account that signed in on it last.
    await touchInstallation(
      application,
      installationId,
      { set: { user_id: userId, linked_at: now, is_anonymous: false } },
      now,
    );
    return 'linked';
  }

  async function identify(
    application: IngestSource['application'],
    userId: string,
    input: IdentityInput,
  ): Promise<IdentifyResult> {
    const now = new Date();
    const user = new Types.ObjectId(userId);
    const anonymousStatus = input.anonymous_id
      ? await linkAnonymousUser(application, user, input.anonymous_id, input.installation_id ?? null, now)
      : null;
    const installationStatus = input.installation_id
      ? await linkInstallation(application, user, input.installation_id, now)
      : null;
    return {
      success: true,
      user_id: userId,
      anonymous_user:
        input.anonymous_id && anonymousStatus
          ? { anonymous_id: input.anonymous_id, status: anonymousStatus }
          : null,
      installation:
        input.installation_id && installationStatus
          ? { installation_id: input.installation_id, status: installationStatus }
          : null,
    };
  }

  /** The rows a reader may see: one application of theirs (404 otherwise), or all of them. */
  async function readScope(reader: TrackingReader, applicationId: string | undefined) {
    if (applicationId) {
      await deps.applications.get(reader, applicationId);
      return { application_id: new Types.ObjectId(applicationId) };
    }
    if (reader.applicationId) return { application_id: new Types.ObjectId(reader.applicationId) };
    return { organization_id: trusted({ $in: await deps.organizationIdsOf(reader.userId) }) };
  }

  return {
    async registerInstallation(source, input) {
      const now = new Date();
      const set: Record<string, unknown> = { is_anonymous: input.is_anonymous };
      if (input.device_info) {
        const d = input.device_info;
        set.device_info = {
          platform: d.platform ?? null,
          user_agent: d.user_agent ?? null,
          language: d.language ?? null,
          timezone: d.timezone ?? null,
          screen_resolution: d.screen_resolution ?? null,
          color_depth: d.color_depth ?? null,
          device_memory: d.device_memory ?? null,
          hardware_concurrency: d.hardware_concurrency ?? null,
        };
      }
      if (input.environment_info) {
        const e = input.environment_info;
        set.environment_info = {
          url: e.url ?? null,
          referrer: e.referrer ?? null,
          timestamp: e.timestamp ?? null,
          session_id: e.session_id ?? null,
        };
      }
      if (input.anonymous_id) set.anonymous_id = input.anonymous_id;
      if (input.user_id) set.reported_user_id = input.user_id;
      if (source.sdkVersion) set.sdk_version = source.sdkVersion;
      const outcome = await touchInstallation(
        source.application,
        input.installation_id,
        { set, sessionId: input.environment_info?.session_id },
        now,
      );
      if (input.anonymous_id) {
        await touchAnonymousUser(
          source.application,
          input.anonymous_id,
          { installationId: input.installation_id, platform: input.device_info?.platform ?? null },
          now,
        );
      }
      rollUp(source, now, {
        installationIds: [input.installation_id],
        anonymousIds: [input.anonymous_id],
        newInstallations: outcome.created ? 1 : 0,
      });
      return outcome;
    },

    async logActivity(source, input) {
      const now = new Date();
      const installation = input.installation_id
        ? await touchInstallation(source.application, input.installation_id, { events: 1 }, now)
        : null;
      // Attributed to the account the anonymous id is linked to (a new anonymous id after sign-out is not).
      const userId = input.anonymous_user_id
        ? await touchAnonymousUser(
            source.application,
            input.anonymous_user_id,
            { installationId: input.installation_id },
            now,
          )
        : null;
      rollUp(source, now, {
        installationIds: [input.installation_id],
        anonymousIds: [input.anonymous_user_id],
        userIds: [userId ? String(userId) : null],
        newInstallations: installation?.created ? 1 : 0,
      });
      return deps.activity.append({
        action: input.action,
        resource_type: input.resource_type,
        resource_id: input.resource_id ?? null,
        metadata: input.metadata ?? {},
        installation_id: input.installation_id ?? null,
        anonymous_user_id: input.anonymous_user_id ?? null,
        user_id: userId ? String(userId) : null,
        application_id: String(source.application._id),
        project_id: String(source.application.project_id),
        organization_id: String(source.application.organization_id),
        ip_address: source.ip,
        user_agent: source.userAgent,
        sdk_version: source.sdkVersion,
      });
    },

    async ingestEvents(source, batch) {
      const now = new Date();
      const oldest = now.getTime() - retentionMs;
      const newest = now.getTime() + MAX_FUTURE_SKEW_MS;
      const sessionId = batch.session_info?.session_id ?? null;
      const installationId = batch.session_info?.installation_id ?? null;
      const result: BatchResult = { events_processed: 0, duplicates: 0, rejected: [] };
      const idsInBatch = new Set<string>();
      const rows: AnalyticsEvent[] = [];
      const { _id: applicationId, project_id, organization_id } = source.application;
      for (let index = 0; index < batch.events.length; index++) {
        const event = batch.events[index]!;
        const timestamp = event.timestamp ?? now;
        const id = event.id ?? null;
        if (timestamp.getTime() > newest) {
          result.rejected.push({
            index,
            id,
            reason: 'timestamp_in_future',
            message: `The timestamp is more than ${MAX_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock.`,
          });
        } else if (timestamp.getTime() < oldest) {
          result.rejected.push({
            index,
            id,
            reason: 'timestamp_too_old',
            message: `The timestamp is older than the retention window (${deps.retentionDays} days).`,
          });
        } else if (id !== null && idsInBatch.has(id)) {
          result.duplicates += 1;
        } else {
          const row: AnalyticsEvent = {
            // Set first, as the database stores it: neither the driver nor the server reorders the row.
            _id: new Types.ObjectId(),
            application_id: applicationId,
            project_id,
            organization_id,
            event: event.event,
            properties: event.properties ?? {},
            timestamp,
            received_at: now,
            session_id: sessionId,
            installation_id: installationId,
            sdk_version: source.sdkVersion,
          };
          if (id !== null) {
            idsInBatch.add(id);
            row.event_id = id;
          }
          rows.push(row);
        }
      }

      // The insert and the installation update go to the database together (one round trip, not two):
      // the installation counts every row offered and gives back those the insert did not store. It is seen
      // (and its session counted) even when every event was a retry.
      const inserting = insertEvents(rows);
      const touching = installationId
        ? touchInstallation(source.application, installationId, { events: rows.length, sessionId }, now)
        : Promise.resolve(null);
      const [inserted, touched] = await Promise.allSettled([inserting, touching]);
      const storedCount = inserted.status === 'fulfilled' ? inserted.value.stored.length : 0;
      if (installationId && touched.status === 'fulfilled' && storedCount < rows.length) {
        // Only retried or failed batches get here. A failed insert that does not say what it stored is
        // given back in full (total_events may then fall short by what it did store); a failed correction
        // leaves total_events high. Neither fails a request whose events are stored.
        await Installations.updateOne(
          { application_id: applicationId, installation_id: installationId },
          { $inc: { total_events: storedCount - rows.length } },
        ).catch((error: unknown) =>
          deps.logger.error({ err: error, installationId }, 'could not correct total_events'),
        );
      }
      if (inserted.status === 'rejected') throw inserted.reason;
      if (touched.status === 'rejected') throw touched.reason;
      const stored = inserted.value.stored;
      const installation = touched.value;
      result.events_processed = stored.length;
      result.duplicates += rows.length - stored.length;
      rollUp(source, now, {
        events: stored.map((row) => ({ event: row.event, timestamp: row.timestamp })),
        installationIds: [installationId],
        newInstallations: installation?.created ? 1 : 0,
      });
      return result;
    },

    identify,

    async linkQuietly(application, userId, input) {
      if (!input.anonymous_id && !input.installation_id) return;
      try {
        await identify(application, userId, input);
      } catch (error) {
        deps.logger.error({ err: error, userId }, 'could not link the anonymous identifiers to the user');
      }
    },

    async listInstallations(reader, query) {
      const filter: Record<string, unknown> = await readScope(reader, query.application_id);
      if (query.is_anonymous !== undefined) filter.is_anonymous = query.is_anonymous;
      if (query.active !== undefined) {
        const since = new Date(Date.now() - ACTIVE_WINDOW_MS);
        filter.last_seen_at = trusted(query.active ? { $gte: since } : { $lt: since });
      }
      const page = await paginateNewestBy(Installations, 'last_seen_at', filter, query);
      return { data: page.data.map(installationView), next_cursor: page.next_cursor };
    },

    async listAnonymousUsers(reader, query) {
      const filter: Record<string, unknown> = await readScope(reader, query.application_id);
      if (query.installation_id) filter.installation_id = query.installation_id;
      const page = await paginateNewestBy(AnonymousUsers, 'last_activity_at', filter, query);
      return { data: page.data.map(anonymousUserView), next_cursor: page.next_cursor };
    },
  };
}
