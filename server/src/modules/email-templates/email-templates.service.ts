import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import type { MailService } from '../../core/mail.js';
import type { ApplicationsService } from '../applications/index.js';
import { createTemplateAccess } from './email-templates.access.js';
import { createTemplateDefaults } from './email-templates.defaults.js';
import { createTemplateEditing } from './email-templates.editing.js';
import { emailTemplateModels } from './email-templates.model.js';
import { createTemplateStore } from './email-templates.store.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import { createEmailSettings } from './email-settings.js';
import { createEmailSenders } from './email-senders.js';
import type { ProductNameOf } from './email-templates.brand.js';

export type { EmailTemplatesService } from './email-templates.types.js';
export type { TemplateCaller } from './email-templates.access.js';

export interface EmailTemplatesDependencies {
  connection: Connection;
  config: Config;
  logger: Logger;
  applications: ApplicationsService;
  activity: ActivityService;
  /** Sends the verification links of new senders. */
  mail: MailService;
  /** The branding display name of a project's pool, which previews fill in as `{{productName}}`. */
  productNameOf?: ProductNameOf;
}

/** The template editor: one service object, put together from one factory per use case. */
export function createEmailTemplatesService(deps: EmailTemplatesDependencies): EmailTemplatesService {
  const { EmailTemplates, EmailSettings, EmailPreferences } = emailTemplateModels(deps.connection);
  const store = createTemplateStore(deps.connection);
  const access = createTemplateAccess(deps.applications, EmailTemplates);
  const shared = { store, access, activity: deps.activity };
  const senders = createEmailSenders(deps);
  return {
    store,
    ...createTemplateEditing({ ...shared, EmailTemplates }),
    ...createTemplateDefaults({
      ...shared,
      EmailTemplates,
      config: deps.config,
      logger: deps.logger.child({ module: 'email-templates' }),
      productNameOf: deps.productNameOf,
    }),
    ...createEmailSettings({ ...shared, EmailSettings, EmailPreferences, senders }),
    describeSenderLink: (rawToken) => senders.describe(rawToken),
    async confirmSenderLink(rawToken, context) {
      const { application_id, organization_id, ...view } = await senders.confirm(rawToken);
      // The organization sees in its activity log when one of its senders was verified.
      await recordAudit(deps.activity, context, {
        action: 'email_sender.verified',
        resource_type: 'application',
        resource_id: application_id,
        user_id: null,
        organization_id,
        application_id,
        metadata: { address: view.address },
      });
      return view;
    },
  };
}
