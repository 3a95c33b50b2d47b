import type { MailService } from './core/mail.js';
import type { PasswordHasher } from './lib/passwords/index.js';
import type { ActivityLogService } from './modules/activity/index.js';
import type { AlertsService } from './modules/alerts/index.js';
import type { AppRolesService } from './modules/app-roles/index.js';
import type { ApplicationsService } from './modules/applications/index.js';
import type { AuthService } from './modules/auth/index.js';
import type { EmailSendService, EmailTemplatesService } from './modules/email-templates/index.js';
import type { FactorChangesService } from './modules/factor-changes/index.js';
import type { MfaService } from './modules/mfa/index.js';
import type { OidcService } from './modules/oidc/index.js';
import type { OrganizationsService } from './modules/organizations/index.js';
import type { PasskeyService } from './modules/passkeys/index.js';
import type { PoliciesService } from './modules/policies/index.js';
import type { PoolUsersService } from './modules/pool-users/index.js';
import type { PoolsService } from './modules/pools/index.js';
import type { PrivacyService } from './modules/privacy/index.js';
import type { ProjectsService } from './modules/projects/index.js';
import type { StepUpService } from './modules/step-up/index.js';
import type { AnalyticsRecorder, AnalyticsService, TrackingService } from './modules/telemetry/index.js';
import type { ProductAnalyticsService, ProductMetrics } from './modules/product-analytics/index.js';
import type { TokensService } from './modules/tokens/index.js';
import type { UsersService } from './modules/users/index.js';
import type { WebhooksService } from './modules/webhooks/index.js';

/** Every service of the process (see createServices). */
export interface Services {
  activity: ActivityLogService;
  /** The request log and rollups (written once a second), and the summaries read from them. */
  analyticsRecorder: AnalyticsRecorder;
  analytics: AnalyticsService;
  /** Page views, funnels, retention, stickiness, lifecycle (issue #35); productMetrics for alerts. */
  productAnalytics: ProductAnalyticsService;
  productMetrics: ProductMetrics;
  mail: MailService;
  passwords: PasswordHasher;
  users: UsersService;
  auth: AuthService;
  organizations: OrganizationsService;
  projects: ProjectsService;
  applications: ApplicationsService;
  /** Each project's user pool settings (and the platform pool's, from the configuration). */
  pools: PoolsService;
  tokens: TokensService;
  tracking: TrackingService;
  emailTemplates: EmailTemplatesService;
  emailSending: EmailSendService;
  webhooks: WebhooksService;
  privacy: PrivacyService;
  mfa: MfaService;
  passkeys: PasskeyService;
  /** Factor notices with their "this wasn't me" link, and the factors a password reset lists. */
  factorChanges: FactorChangesService;
  /** Fresh proofs of identity (step-up): renewing a session's auth_time, and the routers' check. */
  stepUp: StepUpService;
  /** The user management of each project's pool: list, block, delete, invite, import. */
  poolUsers: PoolUsersService;
  /** The OpenID provider: one issuer per project pool (docs/oidc.md). */
  oidc: OidcService;
  /** Each project's application permissions and roles for its end users (issue #33). */
  appRoles: AppRolesService;
  /** Policies of projects and organizations, and the check API's decisions (issue #33). */
  policies: PoliciesService;
  /** Alert rules, their evaluator (one process at a time, by lease) and notifications (issue #35). */
  alerts: AlertsService;
  /** Releases worker threads and mail connections (not the database, which the caller owns). */
  close(): Promise<void>;
}
