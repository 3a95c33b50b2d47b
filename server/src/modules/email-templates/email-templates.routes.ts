import type { Request } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter, RouteHandler, RouteSpec, ValidatedRequest } from '../../lib/api-router.js';
import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { requestContext } from '../../core/request-context.js';
import { applicationCallerOf, type ApplicationDocument } from '../applications/index.js';
import { authOf } from '../../core/auth-context.js';
import { IdParams } from '../../core/schemas.js';
import type { EmailSendService } from './email-send.service.js';
import { registerSenderRoutes } from './email-senders.routes.js';
import type { TemplateCaller } from './email-templates.access.js';
import {
  CopySystemTemplatesResultSchema,
  CreateEmailTemplateSchema,
  EmailPreferencesSchema,
  EmailPreviewSchema,
  EmailSettingsSchema,
  EmailTemplateListSchema,
  EmailTemplateSchema,
  ListEmailTemplatesQuery,
  PreviewEmailTemplateSchema,
  SendEmailResultSchema,
  SendEmailSchema,
  UpdateEmailPreferencesSchema,
  UpdateEmailSettingsSchema,
  UpdateEmailTemplateSchema,
  type SendEmailInput,
} from './email-templates.schemas.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import { MailErrors } from '../mail/index.js';

export interface EmailTemplateRouteDependencies {
  templates: EmailTemplatesService;
  sending: EmailSendService;
  connection: Connection;
  config: Config;
}

/** Where SPEC §7 calls the send function: `POST functions/v1/send-email`. */
export const SEND_EMAIL_FUNCTION_PATH = '/functions/v1/send-email';

const TAGS = ['Email templates'];

/** Every route here is in the Email templates group and needs a bearer token. */
function member<const S extends { method: RouteSpec<undefined, undefined, undefined>['method'] }>(spec: S) {
  return { tags: TAGS, authenticated: true as const, ...spec };
}

/** Answers (200 unless told) with what the service returns for the caller of the request. */
function answer<B, Q, P>(
  call: (caller: TemplateCaller, req: ValidatedRequest<B, Q, P>) => Promise<unknown>,
  status = 200,
): RouteHandler<B, Q, P> {
  return async (req, res) => {
    res.status(status).json(await call(applicationCallerOf(req), req));
  };
}

/**
 * Templates (`/email-templates`), per-application e-mail settings, the caller's own mail language
 * and the send API, at `/api/v1/email/send` and at the spec's function path on `root`.
 */
export function registerEmailTemplateRoutes(
  api: ApiRouter,
  root: ApiRouter,
  deps: EmailTemplateRouteDependencies,
): void {
  const { templates } = deps;
  const notFound = {
    description: 'No such template among the caller’s applications (also for other tenants’ ids)',
  };
  const noApplication = { description: 'No such application among the caller’s' };
  const oneTemplate = { path: '/email-templates/:id', params: IdParams };

  api.route(
    member({
      method: 'get',
      permission: 'email_template:read',
      path: '/email-templates',
      summary: 'List an application’s email templates',
      description:
        'The application’s active templates, system and custom (`is_system_template`), newest first. ' +
        'An application that has no copies of the system templates yet gets them now.',
      tokenScope: 'read',
      query: ListEmailTemplatesQuery,
      responses: { 200: { description: 'Templates', schema: EmailTemplateListSchema }, 404: noApplication },
    }),
    answer(async (caller, req) => ({
      data: await templates.list(caller, req.valid.query),
      next_cursor: null,
    })),
  );

  api.route(
    member({
      method: 'post',
      permission: 'email_template:update',
      path: '/email-templates',
      summary: 'Create a custom email template',
      description:
        'Variables are detected from `{{name}}` placeholders; the HTML is sanitized (no scripts, event handlers or `javascript:` URLs).',
      tokenScope: 'write',
      body: CreateEmailTemplateSchema,
      responses: {
        201: { description: 'Created', schema: EmailTemplateSchema },
        404: noApplication,
        409: { description: 'Name taken in this locale, reserved for a system template, or limit reached' },
      },
    }),
    answer((caller, req) => templates.create(caller, req.valid.body, requestContext(req)), 201),
  );

  api.route(
    member({
      ...oneTemplate,
      method: 'get',
      permission: 'email_template:read',
      summary: 'Get an email template',
      tokenScope: 'read',
      responses: { 200: { description: 'Template', schema: EmailTemplateSchema }, 404: notFound },
    }),
    answer((caller, req) => templates.get(caller, req.valid.params.id)),
  );

  api.route(
    member({
      ...oneTemplate,
      method: 'patch',
      permission: 'email_template:update',
      summary: 'Edit an email template',
      description:
        'System templates: subject and content only (renaming, moving or deactivating answers 409). ' +
        'Custom templates may also be renamed, moved to another of the caller’s applications or deactivated (`is_active: false`).',
      tokenScope: 'write',
      body: UpdateEmailTemplateSchema,
      responses: {
        200: { description: 'Updated', schema: EmailTemplateSchema },
        404: notFound,
        409: { description: 'Not allowed for a system template, or the name is taken' },
      },
    }),
    answer((caller, req) =>
      templates.update(caller, req.valid.params.id, req.valid.body, requestContext(req)),
    ),
  );

  api.route(
    member({
      ...oneTemplate,
      method: 'delete',
      permission: 'email_template:update',
      summary: 'Delete a custom email template',
      tokenScope: 'delete',
      responses: {
        204: { description: 'Deleted' },
        404: notFound,
        409: { description: 'System templates cannot be deleted (reset them instead)' },
      },
    }),
    async (req, res) => {
      await templates.remove(applicationCallerOf(req), req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );

  api.route(
    member({
      method: 'post',
      permission: 'email_template:update',
      path: '/email-templates/:id/reset',
      summary: 'Reset a system template to its default',
      description: 'Subject, content and variables go back to the built-in default. This cannot be undone.',
      tokenScope: 'write',
      params: IdParams,
      responses: {
        200: { description: 'Reset', schema: EmailTemplateSchema },
        404: notFound,
        409: { description: 'Not a system template' },
      },
    }),
    answer((caller, req) => templates.reset(caller, req.valid.params.id, requestContext(req))),
  );

  api.route(
    member({
      method: 'post',
      permission: 'email_template:read',
      path: '/email-templates/:id/preview',
      summary: 'Preview an email template with data',
      description:
        'Renders the template (or a draft of subject/content, sanitized as on save; nothing is stored). ' +
        'Values are HTML-escaped; placeholders without a value stay as `{{name}}` and are listed in `unresolved`.',
      tokenScope: 'read',
      params: IdParams,
      body: PreviewEmailTemplateSchema,
      responses: { 200: { description: 'Rendered mail', schema: EmailPreviewSchema }, 404: notFound },
    }),
    answer((caller, req) => templates.preview(caller, req.valid.params.id, req.valid.body)),
  );

  registerApplicationRoutes(api, templates, noApplication);
  registerSenderRoutes(api, templates);
  registerPreferenceRoutes(api, templates);
  registerSendRoutes(api, root, deps);
}

/** Per application: its copies of the system templates and its mail settings. */
function registerApplicationRoutes(
  api: ApiRouter,
  templates: EmailTemplatesService,
  noApplication: { description: string },
): void {
  const settings = { path: '/applications/:id/email-settings', params: IdParams };
  api.route(
    member({
      method: 'post',
      permission: 'email_template:update',
      path: '/applications/:id/email-templates/copy-system',
      summary: 'Copy the system templates to an application',
      description: 'Adds every system template the application lacks; changes none it has.',
      tokenScope: 'write',
      params: IdParams,
      responses: {
        200: { description: 'The application’s system templates', schema: CopySystemTemplatesResultSchema },
        404: noApplication,
      },
    }),
    answer((caller, req) => templates.copySystem(caller, req.valid.params.id, requestContext(req))),
  );

  api.route(
    member({
      ...settings,
      method: 'get',
      permission: 'email_template:read',
      summary: 'Get an application’s e-mail settings',
      description:
        'Default locale of its mails, the verified senders its send requests may use as `from`, and the senders still waiting for their verification link.',
      tokenScope: 'read',
      responses: { 200: { description: 'Settings', schema: EmailSettingsSchema }, 404: noApplication },
    }),
    answer((caller, req) => templates.getSettings(caller, req.valid.params.id)),
  );

  api.route(
    member({
      ...settings,
      method: 'patch',
      permission: 'organization:update',
      summary: 'Change an application’s e-mail settings (admins)',
      description:
        'Organization admins set the default locale and the senders. A new address is pending until someone ' +
        'follows the verification link mailed to it; only then may `from` name it. Addresses left out are removed.',
      body: UpdateEmailSettingsSchema,
      responses: {
        200: { description: 'Settings', schema: EmailSettingsSchema },
        403: { description: 'Not an admin of the organization, or an API token' },
        404: noApplication,
      },
    }),
    answer((caller, req) =>
      templates.updateSettings(caller, req.valid.params.id, req.valid.body, requestContext(req)),
    ),
  );
}

/** The signed-in person's own mail language (also from an application's session). */
function registerPreferenceRoutes(api: ApiRouter, templates: EmailTemplatesService): void {
  api.route(
    member({
      method: 'get',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/email/preferences',
      summary: 'Your mail language',
      applicationSessions: 'also',
      responses: { 200: { description: 'Preferences', schema: EmailPreferencesSchema } },
    }),
    answer((_caller, req) => templates.getPreferences(authOf(req).userId)),
  );

  api.route(
    member({
      method: 'patch',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/email/preferences',
      summary: 'Set your mail language',
      description:
        'The language (de or en) of the mails you receive — account, template and test mails — when the ' +
        'template exists in it; null uses each application’s default locale.',
      applicationSessions: 'also',
      body: UpdateEmailPreferencesSchema,
      responses: { 200: { description: 'Preferences', schema: EmailPreferencesSchema } },
    }),
    answer((_caller, req) => templates.setPreferences(authOf(req).userId, req.valid.body.locale)),
  );
}

function registerSendRoutes(api: ApiRouter, root: ApiRouter, deps: EmailTemplateRouteDependencies): void {
  const { sending, config } = deps;
  /** The application each send request was authorized for, read by the rate limit and the handler. */
  const authorized = new WeakMap<Request, ApplicationDocument>();
  const authorizeSend = async (req: Request) => {
    const body = (req as Request & { valid: { body: SendEmailInput } }).valid.body;
    authorized.set(req, await sending.authorize(applicationCallerOf(req), body.applicationId));
  };
  // One limiter on both paths, so they share one budget per application.
  const perApplication = createRateLimiter({
    connection: deps.connection,
    name: 'email-send-application',
    windowS: config.mail.sendRateLimit.windowS,
    limit: config.mail.sendRateLimit.perApplication,
    key: (req) => {
      const application = authorized.get(req);
      return application ? String(application._id) : undefined;
    },
    message: 'Too many e-mails for this application. Please try again later.',
  });

  const spec = (router: 'api' | 'function') => ({
    method: 'post' as const,
    permission: 'application:update' as const,
    path: router === 'api' ? '/email/send' : SEND_EMAIL_FUNCTION_PATH,
    summary: router === 'api' ? 'Send an email' : 'Send an email (SPEC §7 function send-email)',
    description:
      'Either `template` (a template of the application, with `templateData`) or `subject` and `html`. ' +
      'Members of the application’s organization, or an API token of this application with the `write` scope. ' +
      '`from` must be MAIL_FROM’s address or a verified sender of the application (else 403 sender_not_verified). ' +
      'Recipients: confirmed accounts of the application’s users and its organization’s members, or anyone once the ' +
      'organization has a verified sender (else 403 recipient_not_allowed); `userId` must be such a person (else 404). ' +
      'Rate limited per application and per organization and day; every send is logged (email_logs and the activity log).' +
      (router === 'function' ? ' Same as POST /api/v1/email/send.' : ''),
    tags: TAGS,
    authenticated: true,
    tokenScope: 'write' as const,
    body: SendEmailSchema,
    responses: {
      200: { description: 'Sent (or kept in the development outbox)', schema: SendEmailResultSchema },
      403: { description: 'Recipient or sender not allowed (recipient_not_allowed, sender_not_verified)' },
      404: {
        description:
          'No such application among the caller’s, no such template, or userId of nobody of the application',
      },
      429: {
        description:
          'Too many mails for this application (rate_limited) or organization today (email_quota_exceeded); see Retry-After',
      },
      502: {
        description: `SMTP refused or is unreachable (${MailErrors.DELIVERY_FAILED.code}, with its error)`,
      },
    },
  });

  for (const [router, which] of [
    [api, 'api'],
    [root, 'function'],
  ] as const) {
    router.route(
      spec(which),
      async (req, _res, next) => {
        await authorizeSend(req);
        next();
      },
      perApplication,
      async (req, res) => {
        const application = authorized.get(req);
        if (!application) throw new Error('the send handler ran without authorizeSend');
        res.json(
          await deps.sending.send(applicationCallerOf(req), application, req.valid.body, requestContext(req)),
        );
      },
    );
  }
}
