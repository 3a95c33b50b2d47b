import type { Request, RequestHandler } from 'express';
import type { StepUpGate } from '../../lib/api-router.js';
import type { AuthContext } from '../../core/auth-context.js';
import type { GraphqlLoaders } from './graphql.loaders.js';
import type { GraphqlServices } from './graphql.services.js';
import type { RestTwin, RestTwins } from './graphql.rest-twins.js';

export type { GraphqlServices } from './graphql.services.js';

/** What the HTTP layer hands every operation: the services and the REST routes' own checks. */
export type GraphqlOperationKit = {
  services: GraphqlServices;
  twins: RestTwins;
  /** The REST guard's check for a route's declarations (the caller is authenticated already). */
  guardOf(twin: RestTwin): RequestHandler[];
  stepUp: StepUpGate;
};

/** One request's context, shared by its resolvers (a type, as graphql-http's context must be a record). */
export type GraphqlContext = GraphqlOperationKit & {
  req: Request;
  /** The authenticated caller; null only for an anonymous introspection query. */
  auth: AuthContext | null;
  /** Per-request batching and caching of reads (DataLoader). */
  loaders: GraphqlLoaders;
};
