import { requestLogging } from './lib/request-logging.js';
import { securityHeaders } from './lib/security-headers.js';
import express, { type Express } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { ApiRouter } from './lib/api-router.js';
import { compressResponses } from './lib/compression.js';
import { errorHandler, notFoundHandler } from './lib/errors.js';
import { createApiRegistry, generateOpenApiDocument } from './lib/openapi.js';
import { mountStaticAssets } from './lib/static-assets.js';
import { registerActivityRoutes } from './modules/activity/index.js';
import { registerAdminRoutes } from './modules/admin/index.js';
import {
  analyticsBodyParser,
  createTrackingIngestRouter,
  INGEST_ALLOWED_HEADERS,
  registerAnalyticsRoutes,
  registerHealthHistoryRoutes,
  registerTrackingReadRoutes,
  requestLogger,
} from './modules/telemetry/index.js';
import { registerApplicationRoutes } from './modules/applications/index.js';
import { createAssistantService, registerAssistantRoutes } from './modules/assistant/index.js';
import {
  createAuthenticate,
  createRouteGuard,
  registerAuthRoutes,
  sessionAuthenticator,
} from './modules/auth/index.js';
import {
  applicationGate,
  createEmbeddingRouter,
  EMBEDDING_BASE_PATH,
  gatedApplicationOf,
  sameApplication,
} from './modules/embedding/index.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerEmailTemplateRoutes } from './modules/email-templates/index.js';
import { registerMailRoutes } from './modules/mail/index.js';
import { registerOrganizationRoutes } from './modules/organizations/index.js';
import { registerProjectRoutes } from './modules/projects/index.js';
import { apiTokenAuthenticator, registerTokenRoutes } from './modules/tokens/index.js';
import { registerPrivacyRoutes } from './modules/privacy/index.js';
import { registerMfaRoutes } from './modules/mfa/index.js';
import { registerPasskeyRoutes } from './modules/passkeys/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import type { Services } from './services.js';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: Database;
  services: Services;
  startedAt?: number;
}

export const API_BASE_PATH = '/api/v1';

/** Builds the Express app: middleware order and routers, nothing else. */
export function createApp(deps: AppDependencies): Express {
  const { config, logger, services } = deps;
  const connection = deps.database.connection;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(securityHeaders(config.publicUrl));
  app.use(compressResponses());
  // API answers carry tokens, keys and personal data, so no cache may keep them (as OAuth 2.0 §5.1
  // asks of token responses); a route whose answer may be cached sets its own Cache-Control.
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use(requestLogging(logger, { ignorePaths: [`${API_BASE_PATH}/health`] }));
  // Every product-API and embedding-API request becomes an `api` row of activity_logs, written in
  // batches off the request path; health checks and the API documentation's files are not.
  if (config.analytics.requestLogging)
    app.use(
      requestLogger(services.analyticsRecorder, {
        prefixes: [`${API_BASE_PATH}/`, `${EMBEDDING_BASE_PATH}/`, '/functions/v1/'],
        ignore: [`${API_BASE_PATH}/health`, `${API_BASE_PATH}/docs`],
      }),
    );
  app.use(API_BASE_PATH, analyticsBodyParser());
  app.use(express.json({ limit: config.bodyLimit }));

  const registry = createApiRegistry();
  const isApplicationActive = async (id: string) => Boolean(await services.applications.findActive(id));
  // API tokens first: they answer null for anything but `cs_…`, while the session
  // authenticator refuses every credential that is not one of its JWTs.
  const guard = createRouteGuard(
    createAuthenticate([
      apiTokenAuthenticator(services.tokens),
      sessionAuthenticator(services.auth, isApplicationActive),
    ]),
  );
  const api = new ApiRouter(registry, API_BASE_PATH, { guard });
  const root = new ApiRouter(registry, '', { guard });
  registerHealthRoutes(api, {
    version: config.version,
    startedAt: deps.startedAt ?? Date.now(),
    isDatabaseUp: () => deps.database.isUp(),
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
  registerOrganizationRoutes(api, services.organizations);
  registerWebhookRoutes(api, services.webhooks);
  registerPrivacyRoutes(api, services.privacy);
  registerProjectRoutes(api, {
    projects: services.projects,
    projectIdOfApplication: async (applicationId) => {
      const application = await services.applications.findActive(applicationId);
      return application ? String(application.project_id) : null;
    },
  });
  registerApplicationRoutes(api, services.applications);
  const embeddingApi = createEmbeddingRouter(new ApiRouter(registry, EMBEDDING_BASE_PATH, { guard }), {
    auth: services.auth,
    applications: services.applications,
    organizations: services.organizations,
    config,
    connection,
    tracking: services.tracking,
    mfa: services.mfa,
    passkeys: services.passkeys,
  });
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
  registerTrackingReadRoutes(api, services.tracking);
  registerAnalyticsRoutes(api, services.analytics);
  registerHealthHistoryRoutes(api, { connection, intervalMs: config.health.sampleIntervalMs });
  registerActivityRoutes(api, {
    activity: services.activity,
    connection,
    organizationIdsOf: (userId) => services.organizations.organizationIdsOf(userId),
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
  });

  const openApiDocument = generateOpenApiDocument(registry, {
    version: config.version,
    serverUrl: config.publicUrl,
  });
  app.locals.openApiDocument = openApiDocument;
  app.get(`${API_BASE_PATH}/openapi.json`, (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(
    `${API_BASE_PATH}/docs`,
    swaggerUi.serve,
    swaggerUi.setup(undefined, {
      customSiteTitle: 'IAM Platform API',
      swaggerOptions: { url: `${API_BASE_PATH}/openapi.json` },
    }),
  );
  app.use(API_BASE_PATH, trackingIngest, api.router);
  app.use(EMBEDDING_BASE_PATH, embeddingApi);
  app.use('/api', notFoundHandler);
  app.use(root.router);

  mountStaticAssets(app, config.paths, { isProduction: config.isProduction });
  app.use(notFoundHandler);
  app.use(errorHandler({ logger, exposeStack: !config.isProduction }));
  return app;
}
