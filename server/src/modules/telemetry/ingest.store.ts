import type { Connection } from 'mongoose';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { analyticsEventModel, anonymousUserModel, installationModel } from './ingest.model.js';
import type { IngestSource } from './ingest.types.js';
import type { TrackingRecord } from './request-log.types.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_INDEX = 'timestamp_retention';
/** The index earlier versions kept on analytics events (see dropUnusedEventIndex). */
const UNUSED_EVENT_INDEX = 'application_id_1_timestamp_-1';
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;
/** Concurrent upserts of one new row: the loser's insert fails on the unique index and tries again. */
export const MAX_UPSERT_ATTEMPTS = 4;

/** Runs an upsert again when a concurrent request inserted the same row first (E11000). */
export async function retryOnDuplicate<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDuplicateKey(error) || tries >= MAX_UPSERT_ATTEMPTS) throw error;
    }
  }
}

export interface IngestStoreDependencies {
  connection: Connection;
  retentionDays: number;
  /** Told what each ingest request stored and who was active (the analytics rollups); never waits. */
  rollups?: { recordTracking(record: TrackingRecord): void };
}

export type IngestStore = ReturnType<typeof createIngestStore>;

/** The SDK's collections (installations, anonymous users, events), shared by the ingest use cases. */
export function createIngestStore(deps: IngestStoreDependencies) {
  const Installations = installationModel(deps.connection);
  const AnonymousUsers = anonymousUserModel(deps.connection);
  const Events = analyticsEventModel(deps.connection);
  const retentionMs = deps.retentionDays * DAY_MS;

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

  return {
    Installations,
    AnonymousUsers,
    Events,
    retentionMs,
    retentionDays: deps.retentionDays,
    ensureIndexes,
    rollUp(source: IngestSource, at: Date, record: Omit<TrackingRecord, 'application' | 'at'>) {
      deps.rollups?.recordTracking({ application: source.application, at, ...record });
    },
  };
}
