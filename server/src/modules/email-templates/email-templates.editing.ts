import { Types, type Model } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import { isSystemTemplateName } from '../mail/index.js';
import { cleanOrThrow, templateEvent, templateView, type TemplateAccess } from './email-templates.access.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import type { EmailTemplateDocument } from './email-templates.model.js';
import { TEMPLATE_LIMITS, type UpdateEmailTemplateInput } from './email-templates.schemas.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import type { TemplateStore } from './email-templates.store.js';

/**
 * What may change on a template: a system template keeps its name, application, locale and stays
 * active (409 otherwise); a custom one may also be renamed, moved or deactivated. Returns the
 * fields to set apart from content, and the application to move to (asked of `moveTo`).
 */
async function identityChanges<A>(
  template: EmailTemplateDocument,
  changes: UpdateEmailTemplateInput,
  moveTo: (applicationId: string) => Promise<A & { _id: Types.ObjectId }>,
): Promise<{ set: Record<string, unknown>; target: A | null }> {
  const set: Record<string, unknown> = {};
  const renamed = changes.name !== undefined && changes.name !== template.name;
  const moved =
    changes.application_id !== undefined && changes.application_id !== String(template.application_id);
  if (template.is_system_template) {
    if (renamed) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_RENAMED);
    if (moved) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_MOVED);
    if (changes.locale !== undefined && changes.locale !== template.locale)
      throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_RELOCALIZED);
    if (changes.is_active === false) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_UNDELETABLE);
    return { set, target: null };
  }
  if (renamed) {
    if (isSystemTemplateName(changes.name!)) throw new AppError(EmailTemplateErrors.NAME_RESERVED);
    set.name = changes.name;
  }
  let target: A | null = null;
  if (moved) {
    const application = await moveTo(changes.application_id!);
    set.application_id = application._id;
    target = application;
  }
  if (changes.locale !== undefined) set.locale = changes.locale;
  if (changes.is_active !== undefined) set.is_active = changes.is_active;
  return { set, target };
}

type Editing = Pick<EmailTemplatesService, 'list' | 'create' | 'get' | 'update' | 'remove'>;

/** Listing, creating, editing and deleting an application's templates. */
export function createTemplateEditing(deps: {
  EmailTemplates: Model<EmailTemplateDocument>;
  store: TemplateStore;
  access: TemplateAccess;
  activity: ActivityService;
}): Editing {
  const { EmailTemplates, store, access, activity } = deps;

  return {
    async list(caller, query) {
      const { application } = await access.authorizeApplication(caller, query.application_id, false);
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
      const { application } = await access.authorizeApplication(caller, input.application_id, true);
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
      await recordAudit(
        activity,
        context,
        templateEvent('email_template.created', created, application, caller, {}, 201),
      );
      return templateView(created);
    },

    async get(caller, templateId) {
      return templateView((await access.authorizeTemplate(caller, templateId, false)).template);
    },

    async update(caller, templateId, changes, context) {
      const { template, application } = await access.authorizeTemplate(caller, templateId, true);
      // Moving needs the same right on the target application.
      const { set, target: movedTo } = await identityChanges(
        template,
        changes,
        async (applicationId) => (await access.authorizeApplication(caller, applicationId, true)).application,
      );
      const target = movedTo ?? application;
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
      const updated = await access.setFields(template._id, set);
      await recordAudit(
        activity,
        context,
        templateEvent('email_template.updated', updated, target, caller, {
          fields: Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined),
          ...(target !== application ? { moved_from: String(application._id) } : {}),
        }),
      );
      return templateView(updated);
    },

    async remove(caller, templateId, context) {
      const { template, application } = await access.authorizeTemplate(caller, templateId, true);
      if (template.is_system_template) throw new AppError(EmailTemplateErrors.SYSTEM_TEMPLATE_UNDELETABLE);
      await EmailTemplates.deleteOne({ _id: template._id, is_system_template: false });
      await recordAudit(
        activity,
        context,
        templateEvent('email_template.deleted', template, application, caller),
      );
    },
  };
}
