import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { AnalyticsEvent } from './ingest.model.js';
import { MAX_FUTURE_SKEW_MS } from './ingest.schemas.js';
import type { IngestStore } from './ingest.store.js';
import type { Touches } from './ingest.touch.js';
import type { BatchInput, BatchResult, IngestSource, TrackingService } from './ingest.types.js';
import { duplicatePositions } from './insert-duplicates.js';

/**
 * The rows of a batch to insert: events stamped too far ahead or behind the retention window are
 * refused one by one, an id repeated within the batch counts as a duplicate.
 */
function eventRows(
  source: IngestSource,
  batch: BatchInput,
  now: Date,
  window: { retentionMs: number; retentionDays: number },
): { rows: AnalyticsEvent[]; result: BatchResult } {
  const oldest = now.getTime() - window.retentionMs;
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
        message: `The timestamp is older than the retention window (${window.retentionDays} days).`,
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
  return { rows, result };
}

/** POST /analytics: a batch of events stored once each, counted on the installation and in the rollups. */
export function createEventIngest(
  store: IngestStore,
  { touchInstallation }: Touches,
  logger: Logger,
): Pick<TrackingService, 'ingestEvents'> {
  /**
   * Stores new events; an event whose id the application has stored already is left out (E11000 on
   * the unique (application_id, event_id) index), the others go in (an unordered insert).
   */
  async function insertEvents(rows: AnalyticsEvent[]): Promise<{ stored: AnalyticsEvent[] }> {
    if (rows.length === 0) return { stored: rows };
    await store.ensureIndexes();
    try {
      await store.Events.collection.insertMany(rows, { ordered: false });
      return { stored: rows };
    } catch (error) {
      const refused = duplicatePositions(error);
      return { stored: rows.filter((_row, index) => !refused.has(index)) };
    }
  }

  return {
    async ingestEvents(source, batch) {
      const now = new Date();
      const sessionId = batch.session_info?.session_id ?? null;
      const installationId = batch.session_info?.installation_id ?? null;
      const { rows, result } = eventRows(source, batch, now, store);

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
        await store.Installations.updateOne(
          { application_id: source.application._id, installation_id: installationId },
          { $inc: { total_events: storedCount - rows.length } },
        ).catch((error: unknown) =>
          logger.error({ err: error, installationId }, 'could not correct total_events'),
        );
      }
      if (inserted.status === 'rejected') throw inserted.reason;
      if (touched.status === 'rejected') throw touched.reason;
      const stored = inserted.value.stored;
      const installation = touched.value;
      result.events_processed = stored.length;
      result.duplicates += rows.length - stored.length;
      store.rollUp(source, now, {
        events: stored.map((row) => ({
          event: row.event,
          timestamp: row.timestamp,
          installation_id: row.installation_id,
        })),
        installationIds: [installationId],
        newInstallations: installation?.created ? 1 : 0,
      });
      return result;
    },
  };
}
