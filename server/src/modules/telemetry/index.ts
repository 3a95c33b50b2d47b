// Telemetry: what the SDKs send (ingest), the request log and its rollups, the analytics summaries
// read from them, and the service's own health history.
export {
  analyticsBodyParser,
  createTrackingIngestRouter,
  INGEST_ALLOWED_HEADERS,
  type IngestGate,
  type TrackingIngestDependencies,
} from './ingest.routes.js';
export { registerTrackingReadRoutes } from './ingest-reads.routes.js';
export { sdkVersionOf } from './sdk-version.js';
export { AnonymousIdSchema, InstallationIdSchema } from './ingest.schemas.js';
export { createTrackingService } from './ingest.service.js';
export type { IdentityInput, IngestSource, LinkedToAccount, TrackingService } from './ingest.types.js';
export { nameLoggedEndpoint, requestLogger, type RequestLoggerOptions } from './request-log.middleware.js';
export { LATENCY_BOUNDS_MS, latencyBucket, type Granularity, type RollupScope } from './rollups.model.js';
export { createAnalyticsRecorder, FLUSH_INTERVAL_MS } from './request-log.recorder.js';
export type { RequestLogStore } from './rollups.indexes.js';
export type { OwnerDirectory } from './request-log.rows.js';
export {
  REQUEST_ACTION,
  type AnalyticsRecorder,
  type RequestRecord,
  type TrackingRecord,
} from './request-log.types.js';
export { registerAnalyticsRoutes } from './summaries.routes.js';
// What product analytics (modules/product-analytics) reads: the scope check of the analytics
// routes, the activity bitmaps and identity numbers, the event days and the SDK's collections.
export { createScopeOf, type Scope, type ScopeDependencies } from './summaries.scope.js';
export {
  analyticsModels,
  encodeKey,
  KEY_KINDS,
  populationCount,
  type ActiveBitmaps,
  type KeyKind,
} from './rollups.model.js';
export { bucketStart } from './rollups.deltas.js';
export { isDashboardRequest } from './request-log.middleware.js';
export {
  EVENT_DAY_MAX_ENTRIES,
  eventDayModel,
  readEventDays,
  type EventDay,
} from './request-log.event-days.js';
export { analyticsEventModel, installationModel } from './ingest.model.js';
export { createAnalyticsService } from './summaries.service.js';
export { percentileOf, resourceTypeOf } from './summaries.math.js';
export type { AnalyticsCaller, AnalyticsService } from './summaries.types.js';
export { createHealthSampler, healthHistory, type HealthSampler } from './health.service.js';
export { registerHealthHistoryRoutes } from './health.routes.js';
