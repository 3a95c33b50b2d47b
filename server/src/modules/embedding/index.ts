export {
  APPLICATION_HEADER,
  applicationGate,
  gatedApplicationOf,
  sameApplication,
  type ApplicationGateOptions,
} from './application-gate.js';
export { EmbeddingErrors } from './embedding.errors.js';
export {
  createEmbeddingRouter,
  EMBEDDING_BASE_PATH,
  type EmbeddingDependencies,
} from './embedding.routes.js';
export { registerRefusedOriginRoutes } from './refused-origins.routes.js';
