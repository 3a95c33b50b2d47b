import type { Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityService } from '../../core/audit.js';
import type { PermissionName } from '../../core/permissions.js';
import type { ApplicationsService } from '../applications/index.js';
import { createActivityIngest } from './ingest.activity.js';
import { createEventIngest } from './ingest.events.js';
import { createIdentify } from './ingest.identify.js';
import { createInstallationIngest } from './ingest.installations.js';
import { createLinkedReads } from './ingest.linked.js';
import { createIngestReads } from './ingest.reads.js';
import { createIngestStore } from './ingest.store.js';
import { createTouches } from './ingest.touch.js';
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
  organizationIdsOf(userId: string, permission?: PermissionName): Promise<Types.ObjectId[]>;
  retentionDays: number;
  /** Told what each ingest request stored and who was active (the analytics rollups); never waits. */
  rollups?: { recordTracking(record: TrackingRecord): void };
}): TrackingService {
  const store = createIngestStore(deps);
  const touches = createTouches(store);
  return {
    ...createInstallationIngest(store, touches),
    ...createActivityIngest(store, touches, deps.activity),
    ...createEventIngest(store, touches, deps.logger),
    ...createIdentify(store, touches, deps.logger),
    ...createIngestReads(store, deps),
    ...createLinkedReads(store),
  };
}
