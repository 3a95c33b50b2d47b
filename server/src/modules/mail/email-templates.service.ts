import { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError, type ErrorDetail } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import {
  ApplicationErrors,
  type ApplicationCaller,
  type ApplicationDocument,
  type ApplicationsService,
} from '../applications/index.js';
import { can } from '../organizations/index.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import { prepareTemplate } from './email-templates.html.js';
import { emailTemplateModels, type EmailTemplateDocument } from './email-templates.model.js';
import {
  TEMPLATE_LIMITS,
  type CreateEmailTemplateInput,
  type EmailPreview,
  type EmailSettingsView,
  type EmailTemplateView,
  type ListEmailTemplatesQueryInput,
  type PreviewEmailTemplateInput,
  type UpdateEmailSettingsInput,
  type UpdateEmailTemplateInput,
} from './email-templates.schemas.js';
import { createTemplateStore, renderStoredTemplate, type TemplateStore } from './email-templates.store.js';
import {
  detectTemplateVariables,
  isApplicationSystemTemplateName,
  isSystemTemplateName,
  systemTemplate,
} from './mail.templates.js';
import { type Locale } from '../../core/mail.js';

/** Who is asking: a signed-in member, or an API token bound to one application (applicationId). */
export type TemplateCaller = ApplicationCaller;

export interface EmailTemplatesService {
  readonly store: TemplateStore;
  /** The application's active templates (system and custom), newest first; creates missing system copies. */
  list(caller: TemplateCaller, query: ListEmailTemplatesQueryInput): Promise<EmailTemplateView[]>;
  create(
    caller: TemplateCaller,
    input: CreateEmailTemplateInput,
    context: RequestContext,
  ): Promise<EmailTemplateView>;
  get(caller: TemplateCaller, templateId: string): Promise<EmailTemplateView>;
  update(
    caller: TemplateCaller,
    templateId: string,
    changes: UpdateEmailTemplateInput,
    context: RequestContext,
  ): Promise<EmailTemplateView>;
  /** Deletes a custom template; system templates answer 409. */
  remove(caller: TemplateCaller, templateId: string, context: RequestContext): Promise<void>;
  /** Back to the built-in default: subject, content and variables. Irreversible. */
  reset(caller: TemplateCaller, templateId: string, context: RequestContext): Promise<EmailTemplateView>;
  preview(
    caller: TemplateCaller,
    templateId: string,
    input: PreviewEmailTemplateInput,
  ): Promise<EmailPreview>;
  /** Adds the system templates the application lacks; changes none it has. */
  copySystem(
    caller: TemplateCaller,
    applicationId: string,
    context: RequestContext,
  ): Promise<{ added: number; data: EmailTemplateView[] }>;
  /**
   * Creates the system copies of a new application (called when it is created). Never throws: a
   * failure is logged, and the copies are then created on first use.
   */
  createSystemTemplates(applicationId: string): Promise<void>;
  getSettings(caller: TemplateCaller, applicationId: string): Promise<EmailSettingsView>;
  /** Organization admins only. */
  updateSettings(
    caller: TemplateCaller,
    applicationId: string,
    changes: UpdateEmailSettingsInput,
    context: RequestContext,
  ): Promise<EmailSettingsView>;
  /** The signed-in person's own mail language. */
  getPreferences(userId: string): Promise<{ locale: Locale | null }>;
  setPreferences(userId: string, locale: Locale | null): Promise<{ locale: Locale | null }>;
}

export interface EmailTemplatesDependencies {
  connection: Connection;
  config: Config;
  logger: Logger;
  applications: ApplicationsService;
  activity: ActivityService;
}

export function templateView(template: EmailTemplateDocument): EmailTemplateView {
  return {
    id: String(template._id),
    application_id: String(template.application_id),
    name: template.name,
    locale: template.locale,
    subject: template.subject,
    html_content: template.html_content,
    text_content: template.text_content,
    variables: template.variables,
    is_active: template.is_active,
    is_system_template: template.is_system_template,
    created_by: template.created_by ? String(template.created_by) : null,
    updated_at: template.updated_at.toISOString(),
    created_at: template.created_at.toISOString(),
  };
}

/** The saved form of subject and content, or a 400 that says what is wrong with them. */
function cleanOrThrow(
  input: { subject: string; html_content: string; text_content: string | null },
  systemName: string | null,
) {
  const { template, problems, missing } = prepareTemplate(
    input,
    systemName && isApplicationSystemTemplateName(systemName) ? systemName : undefined,
  );
  if (problems.length > 0)
    throw new AppError(EmailTemplateErrors.UNSAFE_PLACEHOLDER, { details: problems as ErrorDetail[] });
  if (missing.length > 0) {
    const names = missing.map((name) => `{{${name}}}`).join(', ');
    throw new AppError(EmailTemplateErrors.REQUIRED_PLACEHOLDER_MISSING, {
      message: `The ${systemName} template must contain ${names} (in the HTML${input.text_content ? ' and in the text' : ''}): its mail exists to deliver that link.`,
    });
  }
  if (template.variables.length > TEMPLATE_LIMITS.variables)
    throw new AppError(EmailTemplateErrors.UNSAFE_PLACEHOLDER, {
      message: `A template may use at most ${TEMPLATE_LIMITS.variables} different placeholders.`,
    });
  return template;
}

export function createEmailTemplatesService(deps: EmailTemplatesDependencies): EmailTemplatesService {
  const { applications, activity, config } = deps;
  const { EmailTemplates, EmailSettings, EmailPreferences } = emailTemplateModels(deps.connection);
  const store = createTemplateStore(deps.connection);
  const logger = deps.logger.child({ module: 'email-templates' });

  /** An activity log entry of the application, so its organization's members see it in their logs. */
  const audit = (
    action: string,
    application: ApplicationDocument,
    caller: TemplateCaller,
    context: RequestContext,
    fields: { resourceId?: string; metadata?: Record<string, unknown>; statusCode?: number } = {},
  ) =>
    activity.record({
      action,
      resource_type: fields.resourceId ? 'other' : 'application',
      resource_id: fields.resourceId ?? String(application._id),
      user_id: caller.userId,
      organization_id: String(application.organization_id),
      project_id: String(application.project_id),
      application_id: String(application._id),
      status_code: fields.statusCode ?? 200,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata: fields.metadata ?? {},
    });
  const templateAudit = (
    action: string,
    template: Pick<EmailTemplateDocument, '_id' | 'name' | 'locale'>,
    application: ApplicationDocument,
    caller: TemplateCaller,
    context: RequestContext,
    metadata: Record<string, unknown> = {},
    statusCode = 200,
  ) =>
    audit(action, application, caller, context, {
      resourceId: String(template._id),
      metadata: { template_name: template.name, locale: template.locale, ...metadata },
      statusCode,
    });

  /**
   * The application when the caller may act on it (member of its organization; an API token only
   * on its own application); 404 otherwise, as for one that does not exist.
   */
  async function authorizeApplication(caller: TemplateCaller, applicationId: string, write: boolean) {
    if (caller.applicationId !== null && caller.applicationId !== applicationId)
      throw new AppError(ApplicationErrors.NOT_FOUND);
    return applications.authorize(
      caller.userId,
      applicationId,
      write ? 'application:update' : 'application:read',
    );
  }

  /** A template of an application the caller may act on; any other id is 404. */
  async function authorizeTemplate(caller: TemplateCaller, templateId: string, write: boolean) {
    if (!Types.ObjectId.isValid(templateId)) throw new AppError(EmailTemplateErrors.NOT_FOUND);
    const template = await EmailTemplates.findById(templateId).lean<EmailTemplateDocument>();
    if (!template) throw new AppError(EmailTemplateErrors.NOT_FOUND);
    try {
      const { application } = await authorizeApplication(caller, String(template.application_id), write);
      return { template, application };
    } catch (error) {
      // Whether the id exists in another tenant is not the caller's business.
      if (error instanceof AppError && error.status === 404)
        throw new AppError(EmailTemplateErrors.NOT_FOUND);
      throw error;
    }
  }

  async function setFields(templateId: Types.ObjectId, set: Record<string, unknown>) {
    try {
      const updated = await EmailTemplates.findOneAndUpdate(
        { _id: templateId },
        { $set: set },
        { returnDocument: 'after' },
      ).lean<EmailTemplateDocument>();
      if (!updated) throw new AppError(EmailTemplateErrors.NOT_FOUND);
      return updated;
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError(EmailTemplateErrors.NAME_TAKEN);
      throw error;
    }
  }

  async function systemTemplatesOf(applicationId: Types.ObjectId) {
    return EmailTemplates.find({ application_id: applicationId, is_system_template: true })
      .sort({ created_at: -1, _id: -1 })
      .lean<EmailTemplateDocument[]>();
  }

  return {
    store,

    async list(caller, query) {
      const { application } = await authorizeApplication(caller, query.application_id, false);
      await store.ensureSystemTemplates(application._id);
      const filter: Record<string, unknown> = { application_id: application._id };
      if (query.include_inactive !== 'true') filter.is_active = true;
      if (query.kind) filter.is_system_template = query.kind === 'system';
      if (query.locale) filter.locale = query.locale;
      const templates = await EmailTemplates.find(filter)
        .sort({ created_at: -1, _id: -1 })
        .lean<EmailTemplateDocument[]>();
      return templates.map(templateView);
    },

    async create(caller, input, context) {
      const { application } = await authorizeApplication(caller, input.application_id, true);
      if (isSystemTemplateName(input.name)) throw new AppError(EmailTemplateErrors.NAME_RESERVED);
      const count = await EmailTemplates.countDocuments({
        application_id: application._id,
        is_system_template: false,
      });
      if (count >= TEMPLATE_LIMITS.perApplication)
        throw new AppError(EmailTemplateErrors.LIMIT_REACHED, {
          message: `An application can have at most ${TEMPLATE_LIMITS.perApplication} custom templates.`,
        });
      const clean = cleanOrThrow(
        {
          subject: input.subject,
          html_content: input.html_content,
          text_content: input.text_content ?? null,
        },
        null,
      );
      const locale = input.locale ?? (await store.settingsOf(application._id)).default_locale;
      let created: EmailTemplateDocument;
      try {
        await EmailTemplates.init();
        created = (
          await EmailTemplates.create({
            application_id: application._id,
            name: input.name,
            locale,
            ...clean,
            is_active: true,
            is_system_template: false,
            created_by: new Types.ObjectId(caller.userId),
            updated_by: new Types.ObjectId(caller.userId),
          })
        ).toObject();
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(EmailTemplateErrors.NAME_TAKEN);
        throw error;
      }
      await templateAudit('email_template.created', created, application, caller, context, {}, 201);
      return templateView(created);
    },

    async get(caller, templateId) {
      return templateView((await authorizeTemplate(caller, templateId, false)).template);
    },

    async update(caller, templateId, changes, context) {
      const { template, application } = await authorizeTemplate(caller, templateId, true);
      let target = application;
      const set: Record<string, unknown> = {};
      if (template.is_system_template) {
        if (changes.name !== undefined && changes.name !== template.name)
          throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_RENAMED);
        if (
          changes.application_id !== undefined &&
          changes.application_id !== String(template.application_id)
        )
          throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_MOVED);
        if (changes.locale !== undefined && changes.locale !== template.locale)
          throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_RELOCALIZED);
        if (changes.is_active === false) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_UNDELETABLE);
      } else {
        if (changes.name !== undefined && changes.name !== template.name) {
          if (isSystemTemplateName(changes.name)) throw new AppError(EmailTemplateErrors.NAME_RESERVED);
          set.name = changes.name;
        }
        if (
          changes.application_id !== undefined &&
          changes.application_id !== String(template.application_id)
        ) {
          // Moving needs the same right on the target application.
          target = (await authorizeApplication(caller, changes.application_id, true)).application;
          set.application_id = target._id;
        }
        if (changes.locale !== undefined) set.locale = changes.locale;
        if (changes.is_active !== undefined) set.is_active = changes.is_active;
      }
      if (
        changes.subject !== undefined ||
        changes.html_content !== undefined ||
        changes.text_content !== undefined
      ) {
        const clean = cleanOrThrow(
          {
            subject: changes.subject ?? template.subject,
            html_content: changes.html_content ?? template.html_content,
            text_content: changes.text_content !== undefined ? changes.text_content : template.text_content,
          },
          template.is_system_template ? template.name : null,
        );
        Object.assign(set, clean);
      }
      set.updated_by = new Types.ObjectId(caller.userId);
      const updated = await setFields(template._id, set);
      await templateAudit('email_template.updated', updated, target, caller, context, {
        fields: Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined),
        ...(target !== application ? { moved_from: String(application._id) } : {}),
      });
      return templateView(updated);
    },

    async remove(caller, templateId, context) {
      const { template, application } = await authorizeTemplate(caller, templateId, true);
      if (template.is_system_template) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_UNDELETABLE);
      await EmailTemplates.deleteOne({ _id: template._id, is_system_template: false });
      await templateAudit('email_template.deleted', template, application, caller, context);
    },

    async reset(caller, templateId, context) {
      const { template, application } = await authorizeTemplate(caller, templateId, true);
      if (!template.is_system_template || !isApplicationSystemTemplateName(template.name))
        throw new AppError(EmailTemplateErrors.NOT_A_SYSTEM_TEMPLATE);
      const source = systemTemplate(template.name, template.locale);
      const updated = await setFields(template._id, {
        subject: source.subject,
        html_content: source.html_content,
        text_content: null,
        variables: source.variables,
        updated_by: new Types.ObjectId(caller.userId),
      });
      await templateAudit('email_template.reset', updated, application, caller, context);
      return templateView(updated);
    },

    async preview(caller, templateId, input) {
      const { template } = await authorizeTemplate(caller, templateId, false);
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
      // As a send would: the dashboard link is filled in unless given.
      const data: Record<string, string> = { dashboardUrl: config.auth.dashboardUrl, ...input.data };
      const rendered = renderStoredTemplate({ ...draft, locale: template.locale }, data);
      const variables = detectTemplateVariables(
        `${draft.subject} ${draft.html_content} ${draft.text_content ?? ''}`,
      );
      return { ...rendered, unresolved: variables.filter((name) => !Object.hasOwn(data, name)) };
    },

    async copySystem(caller, applicationId, context) {
      const { application } = await authorizeApplication(caller, applicationId, true);
      const added = await store.ensureSystemTemplates(application._id);
      const data = (await systemTemplatesOf(application._id)).map(templateView);
      await audit('email_template.system_copied', application, caller, context, { metadata: { added } });
      return { added, data };
    },

    async createSystemTemplates(applicationId) {
      try {
        await store.ensureSystemTemplates(new Types.ObjectId(applicationId));
      } catch (error) {
        logger.error({ err: error, applicationId }, 'could not create the system e-mail templates');
      }
    },

    async getSettings(caller, applicationId) {
      const { application } = await authorizeApplication(caller, applicationId, false);
      return { application_id: applicationId, ...(await store.settingsOf(application._id)) };
    },

    async updateSettings(caller, applicationId, changes, context) {
      const { application, role } = await authorizeApplication(caller, applicationId, false);
      // Verified senders decide whose name mails may carry: organization admins only.
      if (!can(role, 'organization:update')) throw new AppError(EmailTemplateErrors.SETTINGS_ADMIN_ONLY);
      const set: Record<string, unknown> = { updated_by: new Types.ObjectId(caller.userId) };
      if (changes.default_locale !== undefined) set.default_locale = changes.default_locale;
      if (changes.verified_senders !== undefined) set.verified_senders = changes.verified_senders;
      const updated = await EmailSettings.findOneAndUpdate(
        { application_id: application._id },
        { $set: set, $setOnInsert: { application_id: application._id } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      await audit('email_settings.updated', application, caller, context, {
        metadata: { default_locale: updated!.default_locale, verified_senders: updated!.verified_senders },
      });
      return {
        application_id: applicationId,
        default_locale: updated!.default_locale,
        verified_senders: updated!.verified_senders,
      };
    },

    async getPreferences(userId) {
      return { locale: await store.localeOfUser(userId) };
    },

    async setPreferences(userId, locale) {
      await EmailPreferences.updateOne(
        { user_id: new Types.ObjectId(userId) },
        { $set: { locale }, $setOnInsert: { user_id: new Types.ObjectId(userId) } },
        { upsert: true },
      );
      return { locale };
    },
  };
}
