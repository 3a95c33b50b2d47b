export { requestLogger, type RequestLoggerOptions } from './analytics.middleware.js';
export {
  analyticsModels,
  LATENCY_BOUNDS_MS,
  latencyBucket,
  type Granularity,
  type RollupScope,
} from './analytics.model.js';
export {
  createAnalyticsRecorder,
  FLUSH_INTERVAL_MS,
  REQUEST_ACTION,
  type AnalyticsRecorder,
  type RequestRecord,
  type TrackingRecord,
} from './analytics.recorder.js';
export { registerAnalyticsRoutes } from './analytics.routes.js';
export {
  createAnalyticsService,
  percentileOf,
  resourceTypeOf,
  type AnalyticsCaller,
  type AnalyticsService,
} from './analytics.service.js';
export { createHealthSampler, healthHistory, type HealthSampler } from './analytics.health.service.js';
export { registerHealthHistoryRoutes } from './analytics.health.routes.js';
