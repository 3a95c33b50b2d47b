export { APPLICATION_HEADER } from './embedding.cors.js';
export { EmbeddingErrors } from './embedding.errors.js';
export {
  createEmbeddingRouter,
  EMBEDDING_BASE_PATH,
  type EmbeddingDependencies,
} from './embedding.routes.js';
