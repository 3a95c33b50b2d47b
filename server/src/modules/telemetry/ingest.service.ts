import type { Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityService } from '../../core/audit.js';
import type { ApplicationsService } from '../applications/index.js';
import { createActivityIngest } from './ingest.activity.js';
import { createEventIngest } from './ingest.events.js';
import { createIdentify } from './ingest.identify.js';
import { createInstallationIngest } from './ingest.installations.js';
import { createIngestReads } from './ingest.reads.js';
import { createIngestStore } from './ingest.store.js';
import { createAnonymousUserTouch, createInstallationTouch } from './ingest.touch.js';
import type { TrackingService } from './ingest.types.js';
import type { TrackingRecord } from './request-log.types.js';

/**
 * The SDK ingest (installations, events, SDK activity, identify) and the dashboard's reads of it,
 * one factory per use case over the same collections.
 */
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
  const store = createIngestStore(deps);
  const touchInstallation = createInstallationTouch(store);
  const touchAnonymousUser = createAnonymousUserTouch(store);
  return {
    ...createInstallationIngest(store, touchInstallation, touchAnonymousUser),
    ...createActivityIngest(store, touchInstallation, touchAnonymousUser, deps.activity),
    ...createEventIngest(store, touchInstallation, deps.logger),
    ...createIdentify(store, touchInstallation, deps.logger),
    ...createIngestReads(store, deps),
  };
}
