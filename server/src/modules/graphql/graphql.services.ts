import type { ActivityLogService } from '../activity/index.js';
import type { ApplicationsService } from '../applications/index.js';
import type { EmailTemplatesService } from '../email-templates/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { PoolUsersService } from '../pool-users/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { AnalyticsService } from '../telemetry/index.js';
import type { TokensService } from '../tokens/index.js';
import type { WebhooksService } from '../webhooks/index.js';

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
