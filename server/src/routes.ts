import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { API_BASE_PATH } from './lib/api-paths.js';
import { ApiRouter, type RouteGuard } from './lib/api-router.js';
import type { createApiRegistry } from './lib/openapi.js';
import { registerActivityRoutes } from './modules/activity/index.js';
import { registerAlertRoutes } from './modules/alerts/index.js';
import { registerAdminRoutes } from './modules/admin/index.js';
import {
  createTrackingIngestRouter,
  INGEST_ALLOWED_HEADERS,
  registerAnalyticsRoutes,
  registerHealthHistoryRoutes,
  registerTrackingReadRoutes,
} from './modules/telemetry/index.js';
import { registerProductAnalyticsRoutes } from './modules/product-analytics/index.js';
import { registerApplicationRoutes } from './modules/applications/index.js';
import { createAssistantService, registerAssistantRoutes } from './modules/assistant/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import {
  applicationGate,
  createEmbeddingRouter,
  EMBEDDING_BASE_PATH,
  gatedApplicationOf,
  registerRefusedOriginRoutes,
  sameApplication,
} from './modules/embedding/index.js';
import { databaseWritesOf, registerHealthRoutes } from './modules/health/index.js';
import { registerEmailTemplateRoutes } from './modules/email-templates/index.js';
import { registerMailRoutes } from './modules/mail/index.js';
import { createOnboardingService, registerOnboardingRoutes } from './modules/onboarding/index.js';
import { registerOrganizationRoutes } from './modules/organizations/index.js';
import { registerProjectRoutes } from './modules/projects/index.js';
import { registerPoolRoutes } from './modules/pools/index.js';
import { registerPoolUserRoutes } from './modules/pool-users/index.js';
import { registerAppRoleRoutes } from './modules/app-roles/index.js';
import { registerTokenRoutes } from './modules/tokens/index.js';
import { registerPrivacyRoutes } from './modules/privacy/index.js';
import { registerMfaRoutes } from './modules/mfa/index.js';
import { registerPasskeyRoutes } from './modules/passkeys/index.js';
import { registerFactorChangeRoutes } from './modules/factor-changes/index.js';
import { registerStepUpRoutes } from './modules/step-up/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import { registerOidcInteractionRoutes } from './modules/oidc/index.js';
import { registerEndUserAuthorizeRoute, registerPolicyRoutes } from './modules/policies/index.js';
import type { Services } from './services.js';

/**
 * The routers of every module, registered in one fixed order: Express matches in that order, and
 * the OpenAPI document (and the dashboard's generated types) lists operations in it.
 */
export interface RouteContext {
  app: Express;
  config: Config;
  logger: Logger;
  database: Database;
  services: Services;
  startedAt: number;
  registry: ReturnType<typeof createApiRegistry>;
  guard: RouteGuard;
  isApplicationActive: (applicationId: string) => Promise<boolean>;
}

/** Health, sign-in and the account's factors. */
export function registerIdentityRoutes(api: ApiRouter, root: ApiRouter, context: RouteContext): void {
  const { config, services, isApplicationActive } = context;
  const connection = context.database.connection;
  registerHealthRoutes(api, {
    version: config.version,
    startedAt: context.startedAt,
    isDatabaseUp: () => context.database.isUp(),
    // The embedded server's full disk makes the health `degraded` (embedded-db/README.md).
    databaseWrites: () => databaseWritesOf(context.database),
  });
  registerAuthRoutes(api, root, {
    auth: services.auth,
    config,
    connection,
    isAdmin: (user) => services.organizations.isGlobalAdmin(user),
    organizationsOf: (userId) => services.organizations.membershipsOf(userId),
    isApplicationActive,
    secondFactor: (user, context, scope) => services.mfa.challengeFor(user, context, scope),
    twoFactorOf: async (user) => {
      const [status, requiredBy] = await Promise.all([
        services.mfa.status(String(user._id)),
        services.organizations.twoFactorRequiredBy(String(user._id)),
      ]);
      return { ...status, required_by: requiredBy };
    },
  });
  registerMfaRoutes(api, { mfa: services.mfa, auth: services.auth, config, connection });
  registerPasskeyRoutes(api, {
    passkeys: services.passkeys,
    mfa: services.mfa,
    auth: services.auth,
    config,
    connection,
  });
  registerStepUpRoutes(api, { stepUp: services.stepUp, config, connection });
  registerFactorChangeRoutes(api, {
    factorChanges: services.factorChanges,
    dashboardUrl: config.auth.dashboardUrl,
  });
  // The OpenID provider's interactions (the provider itself is mounted at /oidc/:pool in app.ts).
  registerOidcInteractionRoutes(root, {
    providers: services.oidc.providers,
    publicUrl: config.publicUrl,
    findSession: (sessionId) => services.auth.sessions.findActive(sessionId),
    endSession: (sessionId, userId, reason) => services.auth.sessions.revoke(sessionId, userId, reason),
    secondFactorCount: async (userId) => (await services.factorChanges.list(userId)).length,
  });
}

/** Organizations, their webhooks, projects (and their user pools) and applications; the account's privacy requests. */
export function registerTenancyRoutes(api: ApiRouter, context: RouteContext): void {
  const { services } = context;
  const projectIdOfApplication = async (applicationId: string) => {
    const application = await services.applications.findActive(applicationId);
    return application ? String(application.project_id) : null;
  };
  registerOrganizationRoutes(api, services.organizations);
  registerWebhookRoutes(api, services.webhooks);
  registerPrivacyRoutes(api, services.privacy);
  registerProjectRoutes(api, { projects: services.projects, projectIdOfApplication });
  registerPoolRoutes(api, {
    pools: services.pools,
    connection: context.database.connection,
    config: context.config,
    projectIdOfApplication,
  });
  registerPoolUserRoutes(api, { poolUsers: services.poolUsers, projectIdOfApplication });
  registerAppRoleRoutes(api, { appRoles: services.appRoles, projectIdOfApplication });
  registerPolicyRoutes(api, {
    ...services.policies,
    projectIdOfApplication,
    registry: context.registry,
  });
  registerApplicationRoutes(api, services.applications);
  registerRefusedOriginRoutes(api, {
    applications: services.applications,
    connection: context.database.connection,
  });
}

/** The two routers partner sites and SDKs call: the embedding API and SDK ingest. */
export function createPartnerRouters(context: RouteContext) {
  const { config, services, registry, guard } = context;
  const connection = context.database.connection;
  const embeddingRoutes = new ApiRouter(registry, EMBEDDING_BASE_PATH, { guard });
  const embeddingApi = createEmbeddingRouter(embeddingRoutes, {
    auth: services.auth,
    applications: services.applications,
    organizations: services.organizations,
    config,
    connection,
    tracking: services.tracking,
    mfa: services.mfa,
    passkeys: services.passkeys,
    pools: services.pools,
    appRoles: services.appRoles,
  });
  // The end user's policy check (issue #33), behind the same application gate.
  registerEndUserAuthorizeRoute(embeddingRoutes, services.policies.checks);
  const trackingIngest = createTrackingIngestRouter(new ApiRouter(registry, API_BASE_PATH, { guard }), {
    tracking: services.tracking,
    connection,
    config,
    gate: {
      handler: applicationGate({
        applications: services.applications,
        publicUrl: config.publicUrl,
        allowedHeaders: INGEST_ALLOWED_HEADERS,
        // Every SDK batch passes here: see docs/tracking-api.md ("Changes to an application").
        lookup: 'recent',
      }),
      applicationOf: gatedApplicationOf,
      sameApplication,
    },
  });
  return { embeddingApi, trackingIngest };
}

/** What the team reads and configures: analytics, logs, admin, mail, templates, tokens, the assistant. */
export function registerWorkspaceRoutes(api: ApiRouter, root: ApiRouter, context: RouteContext): void {
  const { config, logger, services, app } = context;
  const connection = context.database.connection;
  registerTrackingReadRoutes(api, services.tracking);
  registerAnalyticsRoutes(api, services.analytics);
  registerProductAnalyticsRoutes(api, services.productAnalytics);
  registerAlertRoutes(api, services.alerts);
  registerHealthHistoryRoutes(api, { connection, intervalMs: config.health.sampleIntervalMs });
  registerActivityRoutes(api, {
    activity: services.activity,
    connection,
    organizationIdsOf: (userId, permission) => services.organizations.organizationIdsOf(userId, permission),
    authorizeApplication: (caller, applicationId) => services.applications.get(caller, applicationId),
  });
  registerAdminRoutes(api, { users: services.users, organizations: services.organizations });
  registerMailRoutes(api, { connection, config });
  registerEmailTemplateRoutes(api, root, {
    templates: services.emailTemplates,
    sending: services.emailSending,
    connection,
    config,
  });
  registerTokenRoutes(api, services.tokens);
  registerOnboardingRoutes(
    api,
    createOnboardingService({
      connection,
      organizationIdsOf: (userId, permission) => services.organizations.organizationIdsOf(userId, permission),
    }),
  );
  registerAssistantRoutes(api, root, {
    // It indexes the OpenAPI document, which exists once every route is registered (below).
    assistant: createAssistantService({
      config,
      connection,
      logger,
      openApiDocument: () => app.locals.openApiDocument as unknown,
    }),
    connection,
    config,
    organizations: services.organizations,
    applications: services.applications,
  });
}
