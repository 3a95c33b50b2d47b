import type { Request, RequestHandler } from 'express';
import type { StepUpGate } from '../../lib/api-router.js';
import type { AuthContext } from '../../core/auth-context.js';
import type { ActivityLogService } from '../activity/index.js';
import type { ApplicationsService } from '../applications/index.js';
import type { EmailTemplatesService } from '../email-templates/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { PoolUsersService } from '../pool-users/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { AnalyticsService } from '../telemetry/index.js';
import type { TokensService } from '../tokens/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import type { GraphqlLoaders } from './graphql.loaders.js';
import type { RestTwin, RestTwins } from './graphql.rest-twins.js';

/** The services the REST routes call, which the resolvers call too (services.ts builds them). */
export interface GraphqlServices {
  organizations: OrganizationsService;
  projects: ProjectsService;
  applications: ApplicationsService;
  tokens: TokensService;
  webhooks: WebhooksService;
  emailTemplates: EmailTemplatesService;
  analytics: AnalyticsService;
  activity: ActivityLogService;
  poolUsers: PoolUsersService;
}

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
