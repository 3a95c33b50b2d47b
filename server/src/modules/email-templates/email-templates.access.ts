import { Types, type Model } from 'mongoose';
import { AppError, CommonErrors, type ErrorDetail } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { AuditEvent } from '../../core/audit.js';
import type { PermissionName } from '../../core/permissions.js';
import {
  ApplicationErrors,
  type ApplicationCaller,
  type ApplicationDocument,
  type ApplicationsService,
} from '../applications/index.js';
import { isApplicationSystemTemplateName } from '../mail/index.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import { emptyHtmlDetail, hasVisibleContent, prepareTemplate } from './email-templates.html.js';
import type { EmailTemplateDocument } from './email-templates.model.js';
import { TEMPLATE_LIMITS, type EmailTemplateView } from './email-templates.schemas.js';

/** Who is asking: a signed-in member, or an API token bound to one application (applicationId). */
export type TemplateCaller = ApplicationCaller;

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
export function cleanOrThrow(
  input: { subject: string; html_content: string; text_content: string | null },
  systemName: string | null,
) {
  const { template, problems, missing } = prepareTemplate(
    input,
    systemName && isApplicationSystemTemplateName(systemName) ? systemName : undefined,
  );
  // Checked before anything is stored: an empty html_content would fail the model's `required` (a 500).
  if (!hasVisibleContent(template.html_content)) {
    const detail = emptyHtmlDetail('body.html_content');
    throw new AppError(CommonErrors.VALIDATION_FAILED, { message: detail.message, details: [detail] });
  }
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

/**
 * An audit entry about an application, in its organization's log so that its members see it:
 * about the application itself, or (with `resourceId`) about something of it.
 */
export function applicationEvent(
  action: string,
  application: ApplicationDocument,
  caller: TemplateCaller,
  fields: { resourceId?: string; metadata?: Record<string, unknown>; statusCode?: number } = {},
): AuditEvent {
  return {
    action,
    resource_type: fields.resourceId ? 'other' : 'application',
    resource_id: fields.resourceId ?? String(application._id),
    user_id: caller.userId,
    organization_id: String(application.organization_id),
    project_id: String(application.project_id),
    application_id: String(application._id),
    status_code: fields.statusCode,
    metadata: fields.metadata,
  };
}

/** An audit entry about one template: its name and locale go with every entry. */
export function templateEvent(
  action: string,
  template: Pick<EmailTemplateDocument, '_id' | 'name' | 'locale'>,
  application: ApplicationDocument,
  caller: TemplateCaller,
  metadata: Record<string, unknown> = {},
  statusCode?: number,
): AuditEvent {
  return applicationEvent(action, application, caller, {
    resourceId: String(template._id),
    metadata: { template_name: template.name, locale: template.locale, ...metadata },
    statusCode,
  });
}

/**
 * What a use case needs of the caller's role: reading (false) or editing (true) templates
 * (`email_template:read` / `email_template:update`), or another permission by name.
 */
export type TemplateNeed = boolean | PermissionName;

/**
 * The application when the caller may act on it (a member of its organization whose role has
 * the permission — 403 forbidden naming it otherwise; an API token only on its own application);
 * 404 otherwise, as for one that does not exist.
 */
export async function authorizeApplication(
  applications: Pick<ApplicationsService, 'authorize'>,
  caller: TemplateCaller,
  applicationId: string,
  need: TemplateNeed,
) {
  if (caller.applicationId !== null && caller.applicationId !== applicationId)
    throw new AppError(ApplicationErrors.NOT_FOUND);
  const permission = typeof need === 'string' ? need : need ? 'email_template:update' : 'email_template:read';
  return applications.authorize(caller.userId, applicationId, permission);
}

/** Finding, authorizing and saving the templates of the caller's applications. */
export function createTemplateAccess(
  applications: Pick<ApplicationsService, 'authorize'>,
  EmailTemplates: Model<EmailTemplateDocument>,
) {
  /** A template of an application the caller may act on; any other id is 404. */
  async function authorizeTemplate(caller: TemplateCaller, templateId: string, write: boolean) {
    if (!Types.ObjectId.isValid(templateId)) throw new AppError(EmailTemplateErrors.NOT_FOUND);
    const template = await EmailTemplates.findById(templateId).lean<EmailTemplateDocument>();
    if (!template) throw new AppError(EmailTemplateErrors.NOT_FOUND);
    try {
      const { application } = await authorizeApplication(
        applications,
        caller,
        String(template.application_id),
        write,
      );
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

  return {
    authorizeApplication: (caller: TemplateCaller, applicationId: string, need: TemplateNeed) =>
      authorizeApplication(applications, caller, applicationId, need),
    authorizeTemplate,
    setFields,
  };
}

export type TemplateAccess = ReturnType<typeof createTemplateAccess>;
