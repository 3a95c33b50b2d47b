import type { Logger } from 'pino';
import type { Services } from './services.types.js';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { createPasswordHasher } from './lib/passwords/index.js';
import { createActivityService } from './modules/activity/index.js';
import {
  createAnalyticsRecorder,
  createAnalyticsService,
  createTrackingService,
} from './modules/telemetry/index.js';
import { createProductAnalyticsService, createProductMetrics } from './modules/product-analytics/index.js';
import { createAuthService, createPasswordLockout } from './modules/auth/index.js';
import {
  createEmailSendService,
  createEmailTemplatesService,
  createTemplateStore,
} from './modules/email-templates/index.js';
import { createMailRecipients, createMailService } from './modules/mail/index.js';
import { createApplicationsService } from './modules/applications/index.js';
import { createOrganizationsService } from './modules/organizations/index.js';
import { createProjectsService } from './modules/projects/index.js';
import { createPoolsService } from './modules/pools/index.js';
import { createTokensService } from './modules/tokens/index.js';
import { createUsersService } from './modules/users/index.js';
import { createWebhooksService } from './modules/webhooks/index.js';
import { createPrivacyService } from './modules/privacy/index.js';
import { createMfaService } from './modules/mfa/index.js';
import { createPasskeyService } from './modules/passkeys/index.js';
import { createFactorChangesService, type FactorChangesService } from './modules/factor-changes/index.js';
import { createStepUpService } from './modules/step-up/index.js';
import { createOidcService } from './modules/oidc/index.js';
import { createPoliciesService } from './modules/policies/index.js';
import { createAppRolesService } from './modules/app-roles/index.js';
import { createAlerts } from './services.alerts.js';
import { createPoolUsers } from './services.pool-users.js';

export type { Services } from './services.types.js';

interface ServiceDependencies {
  config: Config;
  logger: Logger;
  database: Database;
}

/**
 * The composition root: every service built once per process, with what it depends on. Services
 * that need each other (webhooks ↔ organizations, auth → tokens, mfa ↔ passkeys …) reach the later
 * one through `all`, read only when a request or a flush asks, long after start-up; each module
 * declares the narrow interface it needs, and only this file joins them.
 */
export function createServices(deps: ServiceDependencies): Services {
  const all = {} as Services;
  Object.assign(all, createPlatformServices(deps, all));
  Object.assign(all, createTenancyServices(deps, all));
  all.appRoles = createAppRolesService({
    connection: deps.database.connection,
    activity: all.activity,
    webhooks: all.webhooks,
    projects: all.projects,
  });
  Object.assign(all, createContentServices(deps, all));
  Object.assign(all, createAccountServices(deps, all));
  all.factorChanges = createFactorChanges(deps, all);
  all.poolUsers = createPoolUsers(deps, all);
  all.oidc = createOidcService({ ...deps, connection: deps.database.connection }, all);
  all.policies = createPoliciesService({
    ...all,
    connection: deps.database.connection,
    logger: deps.logger,
    hasSecondFactor: async (userId) => (await all.mfa.status(userId)).methods.length > 0,
  });
  all.alerts = createAlerts(deps, all);
  all.close = async () => {
    // The evaluator first: a round in flight may still send mails and queue webhook events.
    await all.alerts.close();
    // Mails promised in responses already sent go out before the workers and transport stop.
    await all.auth.drain();
    await all.webhooks.close();
    await Promise.all([all.passwords.close(), all.mail.close()]);
    // Last, after in-flight requests have finished: their log rows are written before the database closes.
    await Promise.all([all.analyticsRecorder.close(), all.policies.close()]);
  };
  return all;
}

/** The audit trail, request log, webhooks, mail, password hashing and accounts. */
function createPlatformServices(deps: ServiceDependencies, all: Services) {
  const { config, logger } = deps;
  const connection = deps.database.connection;
  const activity = createActivityService({ connection, logger });
  const analyticsRecorder = createAnalyticsRecorder({
    connection,
    logger,
    retentionDays: config.analytics.retentionDays,
    rollupRetentionDays: config.analytics.rollupRetentionDays,
    requestLog: activity,
    // Applications and projects are built later; the recorder asks only when it flushes.
    owners: {
      applicationOwners: (ids) => all.applications.ownersOf(ids),
      projectOrganizations: (ids) => all.projects.organizationsOf(ids),
    },
  });
  // Other services emit webhook events; what the webhooks need from them is bound late.
  const webhooks = createWebhooksService({
    connection,
    config,
    logger,
    activity,
    directory: {
      authorize: (userId, organizationId, permission, notFound) =>
        all.organizations.authorize(userId, organizationId, permission, notFound),
      adminsOf: (organizationId) => all.organizations.adminsOf(organizationId),
      projectOrganizationId: async (projectId) => {
        const project = await all.projects.findActive(projectId);
        return project ? String(project.organization_id) : null;
      },
      applicationOwner: async (applicationId) => {
        const application = await all.applications.findActive(applicationId);
        return application
          ? { organizationId: String(application.organization_id), projectId: String(application.project_id) }
          : null;
      },
      sendMail: (input) => all.mail.sendTemplate(input),
    },
  });
  // Mail renders an application's own copy of a template, which the template editor stores.
  const mail = createMailService({
    connection,
    config,
    logger,
    webhooks,
    templates: createTemplateStore(connection),
    // An end user's mails carry their pool's brand (users and pools are built later).
    recipients: mailRecipients(all),
  });
  const passwords = createPasswordHasher({
    cost: config.auth.bcryptCost,
    pepper: config.auth.passwordPepper,
    maxQueue: config.auth.passwordHashQueueLimit,
    poolSize: config.auth.passwordHashThreads,
    niceness: config.auth.passwordHashNiceness,
  });
  const users = createUsersService({ connection });
  return { activity, analyticsRecorder, webhooks, mail, passwords, users };
}

/** Sign-in, organizations, projects, applications and API tokens. */
function createTenancyServices(deps: ServiceDependencies, all: Services) {
  const { config, logger } = deps;
  const connection = deps.database.connection;
  const { activity, webhooks, mail, passwords, users } = all;
  const auth = createAuthService({
    connection,
    config,
    logger,
    hasher: passwords,
    mail,
    activity,
    webhooks,
    // The tokens service depends on users and applications, which are built after auth.
    revokeApiTokensOfUser: (userId, reason) => all.tokens.revokeAllOfUser(userId, reason),
    // The factors are the mfa and passkeys modules', gathered by factor-changes (built last).
    secondFactors: {
      list: (userId) => all.factorChanges.list(userId),
      describeForMail: (userId) => all.factorChanges.describeForMail(userId),
      removeRecent: (userId, keep, context) => all.factorChanges.removeRecent(userId, keep, context),
    },
    // What the mfa module's methodsOf counts (a confirmed TOTP factor, any passkey), read with the account.
    secondFactorStores: [
      { collection: 'mfa_factors', requiredField: 'confirmed_at' },
      { collection: 'mfa_passkeys' },
    ],
    // Each pool's settings (sign-up mode, methods, password policy): the pools module, built later.
    pools: { settingsOf: (poolId) => all.pools.settingsOf(poolId) },
    // The default role at sign-up, roles and permissions in tokens: app-roles, built after auth.
    appRoles: {
      defaultRolesOf: (pool) => all.appRoles.defaultRolesOf(pool),
      rolesAndPermissionsOf: (projectId, userId) => all.appRoles.rolesAndPermissionsOf(projectId, userId),
    },
  });
  const organizations = createOrganizationsService({
    connection,
    config,
    logger,
    users,
    mail,
    activity,
    webhooks,
    // require_two_factor: mfa is built with the account services, after this one.
    hasSecondFactor: async (userId) => (await all.mfa.status(userId)).methods.length > 0,
  });
  const projects = createProjectsService({ connection, organizations, activity });
  const applications = createApplicationsService({
    connection,
    // Applications answer their OpenID issuer ({PUBLIC_URL}/oidc/{project_id}).
    publicUrl: config.publicUrl,
    organizations,
    projects,
    activity,
    webhooks,
    // The templates service depends on applications, so it is built after them.
    createSystemEmailTemplates: (applicationId) => all.emailTemplates.createSystemTemplates(applicationId),
  });
  const pools = createPoolsService({ connection, config, activity, projects, applications });
  const tokens = createTokensService({
    connection,
    logger,
    users,
    applications,
    activity,
    webhooks,
    // End users' roles in POST /api/v1/permissions: app-roles, built after the tokens.
    appRoles: {
      rolesAndPermissionsOf: (projectId, userId) => all.appRoles.rolesAndPermissionsOf(projectId, userId),
    },
  });
  return { auth, organizations, projects, applications, pools, tokens };
}

/** E-mail templates and sending, SDK ingest and analytics. */
function createContentServices(deps: ServiceDependencies, all: Services) {
  const { config, logger } = deps;
  const connection = deps.database.connection;
  const { activity, analyticsRecorder, mail, applications, projects, tokens, organizations } = all;
  const emailTemplates = createEmailTemplatesService({
    connection,
    config,
    logger,
    applications,
    activity,
    mail,
    productNameOf: async (projectId) => (await mailRecipients(all).brandOf(projectId))?.productName ?? null,
  });
  const emailSending = createEmailSendService({
    connection,
    config,
    mail,
    applications,
    activity,
    productNameOf: async (projectId) => (await mailRecipients(all).brandOf(projectId))?.productName ?? null,
    // Whom the send API may mail: people of the application, from the modules that own them.
    audience: {
      findUserById: (userId) => all.users.findById(userId),
      findUserByEmail: (email, pool) => all.users.findByEmail(email, pool),
      organizationIdsOf: (userId) => organizations.organizationIdsOf(userId),
      // tracking is built below; this runs only when a request asks.
      identifiedIn: (applicationId, userId) => all.tracking.identifiedIn(applicationId, userId),
    },
  });
  const tracking = createTrackingService({
    connection,
    logger,
    activity,
    applications,
    organizationIdsOf: (userId, permission) => organizations.organizationIdsOf(userId, permission),
    retentionDays: config.tracking.retentionDays,
    rollups: analyticsRecorder,
  });
  const analytics = createAnalyticsService({
    connection,
    recorder: analyticsRecorder,
    applications,
    projects,
    tokens,
    organizationIdsOf: (userId, permission) => organizations.organizationIdsOf(userId, permission),
  });
  const productAnalytics = createProductAnalyticsService({
    connection,
    recorder: analyticsRecorder,
    applications,
    projects,
    organizationIdsOf: (userId, permission) => organizations.organizationIdsOf(userId, permission),
  });
  // What alerts evaluate (funnel conversion, active users), without a caller check.
  const productMetrics = createProductMetrics({ connection, applications });
  return { emailTemplates, emailSending, tracking, analytics, productAnalytics, productMetrics };
}

/** The account's privacy requests and second factors. */
function createAccountServices(deps: ServiceDependencies, all: Services) {
  const { config, logger } = deps;
  const connection = deps.database.connection;
  const { activity, webhooks, mail, users, auth, tokens, organizations } = all;
  const privacy = createPrivacyService({
    connection,
    logger,
    activity,
    users,
    auth,
    tokens,
    organizations,
    webhooks,
    mail,
  });
  const mfa = createMfaService({
    connection,
    config,
    activity,
    getUser: (userId) => auth.getUser(userId),
    notices: {
      mail,
      undoLink: (userId, change) => all.factorChanges.undoLink(userId, change),
      securityUrl: `${config.auth.dashboardUrl}/account/security`,
      logger,
    },
    verifyPassword: (email, password, context) => auth.verifyCredentials(email, password, context),
    // The same counters as the sign-in lockout (they live in the database): wrong codes count there.
    lockout: createPasswordLockout({
      connection,
      threshold: config.auth.lockoutThreshold,
      accountCeiling: config.auth.lockoutAccountCeiling,
      minutes: config.auth.lockoutMinutes,
    }),
    // Passkeys depend on the mfa service (the proof for removing one), so they are bound late:
    // each module declares what it needs of the other, and only this file joins the two.
    passkeys: {
      isEnrolled: (userId) => all.passkeys.isEnrolled(userId),
      verifySecondFactor: (user, mfaChallengeId, response, context) =>
        all.passkeys.verifySecondFactor(user, mfaChallengeId, response, context),
    },
    notifyChange: (user, change, context) => all.factorChanges.notify(user, change, context),
  });
  const passkeys = createPasskeyService({
    connection,
    config,
    activity,
    getUser: (userId) => auth.getUser(userId),
    assertProof: (user, proof, context) => mfa.assertProof(user, proof, context),
    notifyRemoved: (user, proof, context) => mfa.notifySecondFactorRemoved(user, 'passkey', proof, context),
    notifyChange: (user, change, context) => all.factorChanges.notify(user, change, context),
  });
  const stepUp = createStepUpService({
    activity,
    verifyPassword: (email, password, context) => auth.verifyCredentials(email, password, context),
    verifySecondFactor: (user, answer, context, boundTo) =>
      mfa.verifySecondFactor(user, answer, context, boundTo),
    secondFactorsOf: async (userId) => (await mfa.status(userId)).methods,
    passkeyOptions: (userId, boundTo) => passkeys.secondFactorOptions(userId, boundTo),
    renewAuthTime: (sessionId, userId) => auth.sessions.renewAuthTime(sessionId, userId),
  });
  return { privacy, mfa, passkeys, stepUp };
}

/**
 * Factor notices and recovery: built last, over the account services (mfa, passkeys, auth), which
 * reach it through `all` — every change of a factor is mailed from here, and the reset asks it.
 */
function createFactorChanges(deps: ServiceDependencies, all: Services): FactorChangesService {
  const { mail, activity, mfa, passkeys, auth } = all;
  return createFactorChangesService({
    connection: deps.database.connection,
    config: deps.config,
    activity,
    mail,
    logger: deps.logger,
    totp: mfa,
    passkeys,
    account: auth,
  });
}

/** Which mail recipients are a project pool's end users, and each pool's brand (users and pools are built after mail). */
function mailRecipients(all: Services) {
  return createMailRecipients({
    poolOfAccount: async (userId) => (await all.users.findById(userId))?.pool_id ?? null,
    publicPool: (projectId) => all.pools.publicSettings(projectId, undefined),
    poolSettings: (projectId) => all.pools.settingsOf(projectId),
  });
}
