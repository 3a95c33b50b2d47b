import { Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import {
  detectTemplateVariables,
  isApplicationSystemTemplateName,
  applicationTemplate,
  renderStoredTemplate,
} from '../mail/index.js';
import {
  applicationEvent,
  cleanOrThrow,
  templateEvent,
  templateView,
  type TemplateAccess,
} from './email-templates.access.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import type { EmailTemplateDocument } from './email-templates.model.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import type { TemplateStore } from './email-templates.store.js';
import { applicationMailDefaults, type ProductNameOf } from './email-templates.brand.js';

type Defaults = Pick<EmailTemplatesService, 'reset' | 'preview' | 'copySystem' | 'createSystemTemplates'>;

/** The built-in defaults of an application's system templates, and previews of any template. */
export function createTemplateDefaults(deps: {
  EmailTemplates: Model<EmailTemplateDocument>;
  store: TemplateStore;
  access: TemplateAccess;
  activity: ActivityService;
  config: Config;
  logger: Logger;
  productNameOf?: ProductNameOf;
}): Defaults {
  const { EmailTemplates, store, access, activity, config, logger } = deps;

  async function systemTemplatesOf(applicationId: Types.ObjectId) {
    return EmailTemplates.find({ application_id: applicationId, is_system_template: true })
      .sort({ created_at: -1, _id: -1 })
      .lean<EmailTemplateDocument[]>();
  }

  return {
    async reset(caller, templateId, context) {
      const { template, application } = await access.authorizeTemplate(caller, templateId, true);
      if (!template.is_system_template || !isApplicationSystemTemplateName(template.name))
        throw new AppError(EmailTemplateErrors.NOT_A_SYSTEM_TEMPLATE);
      const source = applicationTemplate(template.name, template.locale);
      const updated = await access.setFields(template._id, {
        subject: source.subject,
        html_content: source.html_content,
        text_content: null,
        variables: source.variables,
        updated_by: new Types.ObjectId(caller.userId),
      });
      await recordAudit(
        activity,
        context,
        templateEvent('email_template.reset', updated, application, caller),
      );
      return templateView(updated);
    },

    async preview(caller, templateId, input) {
      const { template, application } = await access.authorizeTemplate(caller, templateId, false);
      const draft =
        input.subject !== undefined || input.html_content !== undefined || input.text_content !== undefined
          ? cleanOrThrow(
              {
                subject: input.subject ?? template.subject,
                html_content: input.html_content ?? template.html_content,
                text_content: input.text_content !== undefined ? input.text_content : template.text_content,
              },
              template.is_system_template ? template.name : null,
            )
          : template;
      // As a send would: the pool's name and hosted pages' links are filled in unless given.
      const data: Record<string, string> = {
        ...(await applicationMailDefaults(config, deps.productNameOf, application)),
        ...input.data,
      };
      const rendered = renderStoredTemplate({ ...draft, locale: template.locale }, data);
      const variables = detectTemplateVariables(
        `${draft.subject} ${draft.html_content} ${draft.text_content ?? ''}`,
      );
      return { ...rendered, unresolved: variables.filter((name) => !Object.hasOwn(data, name)) };
    },

    async copySystem(caller, applicationId, context) {
      const { application } = await access.authorizeApplication(caller, applicationId, true);
      const added = await store.ensureSystemTemplates(application._id);
      const data = (await systemTemplatesOf(application._id)).map(templateView);
      await recordAudit(
        activity,
        context,
        applicationEvent('email_template.system_copied', application, caller, { metadata: { added } }),
      );
      return { added, data };
    },

    async createSystemTemplates(applicationId) {
      try {
        await store.ensureSystemTemplates(new Types.ObjectId(applicationId));
      } catch (error) {
        logger.error({ err: error, applicationId }, 'could not create the system e-mail templates');
      }
    },
  };
}
