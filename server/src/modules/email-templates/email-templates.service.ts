import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { ActivityService } from '../../core/audit.js';
import type { ApplicationsService } from '../applications/index.js';
import { createTemplateAccess } from './email-templates.access.js';
import { createTemplateDefaults } from './email-templates.defaults.js';
import { createTemplateEditing } from './email-templates.editing.js';
import { emailTemplateModels } from './email-templates.model.js';
import { createTemplateStore } from './email-templates.store.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import { createEmailSettings } from './email-settings.js';

export type { EmailTemplatesService } from './email-templates.types.js';
export type { TemplateCaller } from './email-templates.access.js';

export interface EmailTemplatesDependencies {
  connection: Connection;
  config: Config;
  logger: Logger;
  applications: ApplicationsService;
  activity: ActivityService;
}

/** The template editor: one service object, put together from one factory per use case. */
export function createEmailTemplatesService(deps: EmailTemplatesDependencies): EmailTemplatesService {
  const { EmailTemplates, EmailSettings, EmailPreferences } = emailTemplateModels(deps.connection);
  const store = createTemplateStore(deps.connection);
  const access = createTemplateAccess(deps.applications, EmailTemplates);
  const shared = { store, access, activity: deps.activity };
  return {
    store,
    ...createTemplateEditing({ ...shared, EmailTemplates }),
    ...createTemplateDefaults({
      ...shared,
      EmailTemplates,
      config: deps.config,
      logger: deps.logger.child({ module: 'email-templates' }),
    }),
    ...createEmailSettings({ ...shared, EmailSettings, EmailPreferences }),
  };
}
