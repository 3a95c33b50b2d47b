// Product analytics (issue #35): page views and sessions, funnels, retention, stickiness and
// lifecycle per application or project, read from the telemetry module's activity bitmaps, visitor
// days and page-view entries; and the metrics alerts evaluate (createProductMetrics).
export { registerProductAnalyticsRoutes } from './pa.routes.js';
export {
  createProductAnalyticsService,
  type ProductAnalyticsDependencies,
  type ProductAnalyticsService,
} from './pa.service.js';
export { createProductMetrics } from './pa.metrics.js';
export { JOURNEY_STEPS } from './pa.journey.js';
export { SESSION_GAP_MS } from './pa.sessions.js';
export type {
  ActiveUsersQuery,
  FunnelMetric,
  FunnelMetricQuery,
  MetricScope,
  ProductMetrics,
} from './pa.types.js';
