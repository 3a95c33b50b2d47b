import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords/index.js';
import { createActivityService, type ActivityLogService } from './modules/activity/index.js';
import {
  createAnalyticsRecorder,
  createAnalyticsService,
  createTrackingService,
  type AnalyticsRecorder,
  type AnalyticsService,
  type TrackingService,
} from './modules/telemetry/index.js';
import { createAuthService, type AuthService, createPasswordLockout } from './modules/auth/index.js';
import {
  createEmailSendService,
  createEmailTemplatesService,
  createTemplateStore,
  type EmailSendService,
  type EmailTemplatesService,
} from './modules/email-templates/index.js';
import { createMailService } from './modules/mail/index.js';
import { type MailService } from './core/mail.js';
import { createApplicationsService, type ApplicationsService } from './modules/applications/index.js';
import { createOrganizationsService, type OrganizationsService } from './modules/organizations/index.js';
import { createProjectsService, type ProjectsService } from './modules/projects/index.js';
import { createTokensService, type TokensService } from './modules/tokens/index.js';
import { createUsersService, type UsersService } from './modules/users/index.js';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/index.js';
import { createPrivacyService, type PrivacyService } from './modules/privacy/index.js';
import { createMfaService, type MfaService } from './modules/mfa/index.js';
import { createPasskeyService, type PasskeyService } from './modules/passkeys/index.js';

/** The composition root: every service built once per process, with what it depends on. */
export interface Services {
  activity: ActivityLogService;
  /** The request log and rollups (written once a second), and the summaries read from them. */
  analyticsRecorder: AnalyticsRecorder;
  analytics: AnalyticsService;
  mail: MailService;
  passwords: PasswordHasher;
  users: UsersService;
  auth: AuthService;
  organizations: OrganizationsService;
  projects: ProjectsService;
  applications: ApplicationsService;
  tokens: TokensService;
  tracking: TrackingService;
  emailTemplates: EmailTemplatesService;
  emailSending: EmailSendService;
  webhooks: WebhooksService;
  privacy: PrivacyService;
  mfa: MfaService;
  passkeys: PasskeyService;
  /** Releases worker threads and mail connections (not the database, which the caller owns). */
  close(): Promise<void>;
}

export function createServices(deps: { config: Config; logger: Logger; database: Database }): Services {
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
      applicationOwners: (ids) => applications.ownersOf(ids),
      projectOrganizations: (ids) => projects.organizationsOf(ids),
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
        organizations.authorize(userId, organizationId, permission, notFound),
      organizationIdsOf: (userId) => organizations.organizationIdsOf(userId),
      adminsOf: (organizationId) => organizations.adminsOf(organizationId),
      projectOrganizationId: async (projectId) => {
        const project = await projects.findActive(projectId);
        return project ? String(project.organization_id) : null;
      },
      applicationOwner: async (applicationId) => {
        const application = await applications.findActive(applicationId);
        return application
          ? { organizationId: String(application.organization_id), projectId: String(application.project_id) }
          : null;
      },
      sendMail: (input) => mail.sendTemplate(input),
    },
  });
  // Mail renders an application's own copy of a template, which the template editor stores.
  const mail = createMailService({
    connection,
    config,
    logger,
    webhooks,
    templates: createTemplateStore(connection),
  });
  const passwords = createPasswordHasher({
    cost: config.auth.bcryptCost,
    pepper: config.auth.passwordPepper,
    maxQueue: config.auth.passwordHashQueueLimit,
    poolSize: config.auth.passwordHashThreads,
    niceness: config.auth.passwordHashNiceness,
  });
  const users = createUsersService({ connection });
  const auth = createAuthService({
    connection,
    config,
    logger,
    hasher: passwords,
    mail,
    activity,
    webhooks,
    // The tokens service depends on users and applications, which are built after auth.
    revokeApiTokensOfUser: (userId, reason) => tokens.revokeAllOfUser(userId, reason),
  });
  const organizations = createOrganizationsService({
    connection,
    config,
    logger,
    users,
    mail,
    activity,
    webhooks,
  });
  const projects = createProjectsService({ connection, organizations, activity });
  const applications = createApplicationsService({
    connection,
    organizations,
    projects,
    activity,
    webhooks,
    // The templates service depends on applications, so it is built after them.
    createSystemEmailTemplates: (applicationId) => emailTemplates.createSystemTemplates(applicationId),
  });
  const tokens = createTokensService({ connection, logger, users, applications, activity, webhooks });
  const emailTemplates = createEmailTemplatesService({ connection, config, logger, applications, activity });
  const emailSending = createEmailSendService({ connection, config, mail, applications, activity });
  const tracking = createTrackingService({
    connection,
    logger,
    activity,
    applications,
    organizationIdsOf: (userId) => organizations.organizationIdsOf(userId),
    retentionDays: config.tracking.retentionDays,
    rollups: analyticsRecorder,
  });
  const analytics = createAnalyticsService({
    connection,
    recorder: analyticsRecorder,
    applications,
    projects,
    tokens,
    organizationIdsOf: (userId) => organizations.organizationIdsOf(userId),
  });
  const privacy = createPrivacyService({
    connection,
    logger,
    activity,
    users,
    auth,
    tokens,
    organizations,
    webhooks,
    // mfa is built below; this runs only when a request asks, long after start-up.
    assertSecondFactor: (user, code, context) => mfa.assertProof(user, { code }, context),
  });
  const mfa = createMfaService({
    connection,
    config,
    activity,
    getUser: (userId) => auth.getUser(userId),
    notices: {
      mail,
      passwordResetLink: (userId) => auth.passwordResetLink(userId),
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
      isEnrolled: (userId) => passkeys.isEnrolled(userId),
      verifySecondFactor: (user, mfaChallengeId, response, context) =>
        passkeys.verifySecondFactor(user, mfaChallengeId, response, context),
    },
  });
  const passkeys = createPasskeyService({
    connection,
    config,
    activity,
    getUser: (userId) => auth.getUser(userId),
    assertProof: (user, proof, context) => mfa.assertProof(user, proof, context),
    notifyRemoved: (user, proof, context) => mfa.notifySecondFactorRemoved(user, 'passkey', proof, context),
  });
  return {
    activity,
    analyticsRecorder,
    analytics,
    mail,
    passwords,
    users,
    auth,
    organizations,
    projects,
    applications,
    tokens,
    tracking,
    emailTemplates,
    emailSending,
    webhooks,
    privacy,
    mfa,
    passkeys,
    async close() {
      // Mails promised in responses already sent go out before the workers and transport stop.
      await auth.drain();
      await webhooks.close();
      await Promise.all([passwords.close(), mail.close()]);
      // Last, after in-flight requests have finished: their log rows are written before the database closes.
      await analyticsRecorder.close();
    },
  };
}
