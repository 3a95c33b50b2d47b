// Alerts (issue #35): rules on an application's or project's metrics, evaluated every minute by
// one process (a lease in MongoDB), notified by e-mail and webhook. docs/alerts.md.
export { AlertErrors } from './alerts.errors.js';
export { registerAlertRoutes } from './alerts.routes.js';
export { createAlertsService, MAX_ALERTS_PER_ORGANIZATION } from './alerts.service.js';
export { EVALUATION_INTERVAL_MS, LEASE_MS } from './alerts.evaluator.js';
export type {
  ActiveUsers,
  AlertDependencies,
  AlertDirectory,
  AlertEvaluator,
  AlertsService,
  EvaluationResult,
  FunnelConversion,
} from './alerts.types.js';
