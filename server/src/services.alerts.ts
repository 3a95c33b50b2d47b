import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { AppError } from './lib/errors.js';
import { createAlertsService, type AlertsService } from './modules/alerts/index.js';
import { organizationModels } from './modules/organizations/index.js';
import type { Services } from './services.types.js';

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
