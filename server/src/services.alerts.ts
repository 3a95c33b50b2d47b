import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { AppError } from './lib/errors.js';
import { createAlertsService, type AlertsService } from './modules/alerts/index.js';
import { organizationModels } from './modules/organizations/index.js';
import type { Services } from './services.types.js';

/** A rule's application, or its project: what product analytics measures. */
function scopeOf(rule: { application_id: Types.ObjectId | null; project_id: Types.ObjectId }) {
  return rule.application_id
    ? { application_id: String(rule.application_id) }
    : { project_id: String(rule.project_id) };
}

/**
 * The alerts service over the modules it reads (organizations, projects, applications, users,
 * pools) and sends through (mail, webhooks). Built last: it only asks them when a request or an
 * evaluation round does.
 */
export function createAlerts(
  deps: { config: Config; logger: Logger; database: Database },
  all: Services,
): AlertsService {
  const connection = deps.database.connection;
  return createAlertsService({
    connection,
    logger: deps.logger,
    dashboardUrl: deps.config.auth.dashboardUrl,
    mail: all.mail,
    activity: all.activity,
    webhooks: all.webhooks,
    // Funnel conversion and active users as product analytics computes them (issue #35).
    funnelConversion: async (rule, from, to) => {
      const funnel = await all.productMetrics.funnelConversion({
        scope: scopeOf(rule),
        steps: rule.steps,
        window_s: rule.window_s,
        from,
        to,
      });
      return { value: funnel.conversion, samples: funnel.entered };
    },
    activeUsers: (rule, from, to) => all.productMetrics.activeUsers({ scope: scopeOf(rule), from, to }),
    directory: {
      authorize: (userId, organizationId, permission, notFound) =>
        all.organizations.authorize(userId, organizationId, permission, notFound),
      organizationIdsOf: (userId, permission) => all.organizations.organizationIdsOf(userId, permission),
      application: async (applicationId) => {
        const application = await all.applications.findActive(applicationId);
        return application
          ? {
              organizationId: String(application.organization_id),
              projectId: String(application.project_id),
              name: application.name,
            }
          : null;
      },
      project: async (projectId) => {
        const project = await all.projects.findActive(projectId);
        return project ? { organizationId: String(project.organization_id), name: project.name } : null;
      },
      membersOf: async (organizationId) => {
        const members = await organizationModels(connection)
          .Members.find({ organization_id: new Types.ObjectId(organizationId), is_active: true })
          .lean();
        const contacts = await all.users.contactsOf(members.map((member) => member.user_id));
        return contacts.map((contact) => ({
          email: contact.email,
          name: contact.display_name || contact.email,
        }));
      },
      // A project's rule mails with the templates of the project's default application.
      templateApplicationOf: async (projectId) => {
        try {
          return (await all.pools.publicSettings(projectId, undefined)).application_id;
        } catch (error) {
          if (error instanceof AppError) return null;
          throw error;
        }
      },
    },
  });
}
