export {
  analyticsBodyParser,
  createTrackingIngestRouter,
  INGEST_ALLOWED_HEADERS,
  registerTrackingReadRoutes,
  sdkVersionOf,
  type IngestGate,
  type TrackingIngestDependencies,
} from './tracking.routes.js';
export { installationModel } from './tracking.model.js';
export { AnonymousIdSchema, InstallationIdSchema } from './tracking.schemas.js';
export {
  createTrackingService,
  type IdentityInput,
  type IngestSource,
  type TrackingService,
} from './tracking.service.js';
