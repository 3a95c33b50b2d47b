import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import { type MailService, type Locale } from '../../core/mail.js';
import type { RequestContext } from '../../core/request-context.js';
import type { ApplicationDocument, ApplicationsService } from '../applications/index.js';
import {
  htmlToText,
  isApplicationSystemTemplateName,
  MailDeliveryError,
  MailErrors,
  renderStoredTemplate,
  sanitizeTemplateHtml,
} from '../mail/index.js';
import { applicationEvent, authorizeApplication, type TemplateCaller } from './email-templates.access.js';
import { createRecipientPolicy, type SendAudience } from './email-send.recipients.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import { SENDER_LINK_TTL_HOURS } from './email-senders.js';
import { emptyHtmlDetail, hasVisibleContent } from './email-templates.html.js';
import type { SendEmailInput, SendEmailResult } from './email-templates.schemas.js';
import { createTemplateStore } from './email-templates.store.js';
import { applicationMailDefaults, type ProductNameOf } from './email-templates.brand.js';

export interface EmailSendService {
  /**
   * The application when the caller may send for it: a member of its organization, or an API
   * token of exactly this application. 404 otherwise. Runs before the per-application rate limit
   * counts, so nobody can spend another tenant's budget.
   */
  authorize(caller: TemplateCaller, applicationId: string): Promise<ApplicationDocument>;
  /**
   * Checks sender, userId and recipient (403/404, nothing counted), renders (template) or
   * sanitizes (raw HTML), counts the organization's daily quota (429), sends and logs; 502 with
   * the SMTP error when delivery fails.
   */
  send(
    caller: TemplateCaller,
    application: ApplicationDocument,
    input: SendEmailInput,
    context: RequestContext,
  ): Promise<SendEmailResult>;
}

interface Sender {
  name: string | null;
  address: string;
}

const ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;
const NAMED_ADDRESS = /^(?:"([^"\\\r\n]*)"|([^<>"\\\r\n]*?))\s*<([^<>\s]+)>$/;

/** `address` or `Name <address>` (one address, no line breaks), else null. */
export function parseSender(value: string): Sender | null {
  const trimmed = value.trim();
  if (ADDRESS.test(trimmed)) return { name: null, address: trimmed.toLowerCase() };
  const match = NAMED_ADDRESS.exec(trimmed);
  if (!match || !ADDRESS.test(match[3]!)) return null;
  const name = (match[1] ?? match[2] ?? '').trim();
  return { name: name || null, address: match[3]!.toLowerCase() };
}

function formatSender(sender: Sender): string {
  return sender.name ? `"${sender.name}" <${sender.address}>` : sender.address;
}

export function createEmailSendService(deps: {
  connection: Connection;
  config: Config;
  mail: MailService;
  applications: ApplicationsService;
  activity: ActivityService;
  audience: SendAudience;
  /** The branding display name of a project's pool: `{{productName}}` of the application's mails. */
  productNameOf?: ProductNameOf;
}): EmailSendService {
  const { config, mail, applications, activity } = deps;
  const store = createTemplateStore(deps.connection);
  const recipients = createRecipientPolicy({
    connection: deps.connection,
    store,
    audience: deps.audience,
    dailyLimitPerOrganization: config.mail.sendRateLimit.perOrganizationPerDay,
  });
  const defaultSender = parseSender(config.mail.from);

  /**
   * MAIL_FROM without `from`, and for MAIL_FROM's own address (with its configured name: nobody
   * renames the platform's sender); the requested sender when its address is a verified sender of
   * the application. Anything else is refused rather than replaced, so the caller learns that the
   * mail would not have carried the sender they asked for — and, since a caller with an API token
   * cannot look around the dashboard, the refusal names the address and the way to verify it.
   */
  function chooseSender(
    requested: string | undefined,
    settings: { verified_senders: string[]; pending_senders: string[] },
    applicationId: string,
  ): string {
    if (requested === undefined) return config.mail.from;
    const sender = parseSender(requested);
    if (!sender)
      throw new AppError(EmailTemplateErrors.INVALID_SENDER, {
        details: [{ path: 'body.from', message: EmailTemplateErrors.INVALID_SENDER.message }],
      });
    if (sender.address === defaultSender?.address) return config.mail.from;
    if (!settings.verified_senders.includes(sender.address)) {
      const how = settings.pending_senders.includes(sender.address)
        ? `${sender.address} is listed as a sender of this application but not verified yet: someone who reads that mailbox must follow the link mailed to it (valid ${SENDER_LINK_TTL_HOURS} hours; an admin can send a new one from the e-mail settings).`
        : `${sender.address} is not a verified sender of this application. An admin of the organization adds it in the application's e-mail settings (dashboard: /application-email-templates/${applicationId}, Senders; API: PATCH /api/v1/applications/${applicationId}/email-settings), then someone who reads that mailbox follows the link mailed to it.`;
      throw new AppError(EmailTemplateErrors.SENDER_NOT_VERIFIED, {
        message: `${how} Nothing was sent.`,
        details: [{ path: 'body.from', message: how }],
      });
    }
    return formatSender(sender);
  }

  return {
    async authorize(caller, applicationId) {
      return (await authorizeApplication(applications, caller, applicationId, 'application:update'))
        .application;
    },

    async send(caller, application, input, context) {
      const settings = await store.settingsOf(application._id);
      // Every refusal comes before anything is counted, rendered or sent.
      const from = chooseSender(input.from, settings, String(application._id));
      await recipients.assertUser(application, input.userId);
      await recipients.assertRecipient(application, input.to);
      let locale: Locale | null = null;
      let rendered: { subject: string; html: string; text: string };
      if (input.template !== undefined) {
        locale = input.locale ?? (await store.localeOfUser(input.userId)) ?? settings.default_locale;
        // Applications created before templates existed get their system copies on first use.
        if (isApplicationSystemTemplateName(input.template))
          await store.ensureSystemTemplates(application._id);
        const template = await store.findVariant(application._id, input.template, locale);
        if (!template)
          throw new AppError(EmailTemplateErrors.SEND_TEMPLATE_NOT_FOUND, {
            message: `This application has no active email template named "${input.template}".`,
          });
        locale = template.locale;
        rendered = renderStoredTemplate(template, {
          email: input.to,
          ...(await applicationMailDefaults(config, deps.productNameOf, application)),
          ...input.templateData,
        });
      } else {
        const html = sanitizeTemplateHtml(input.html!).html;
        if (!hasVisibleContent(html)) {
          const detail = emptyHtmlDetail('body.html');
          throw new AppError(CommonErrors.VALIDATION_FAILED, { message: detail.message, details: [detail] });
        }
        // One line, as rendered subjects are.
        const subject = input.subject!.replace(/\s+/g, ' ').trim();
        rendered = { subject, html, text: input.text ?? htmlToText(html) };
      }
      await recipients.countMail(application);
      const metadata = {
        recipient_email: input.to.toLowerCase(),
        template_name: input.template ?? null,
        subject: rendered.subject,
        application_id: String(application._id),
        from,
      };
      const record = (action: string, statusCode: number, extra: Record<string, unknown>) =>
        recordAudit(
          activity,
          context,
          applicationEvent(action, application, caller, { statusCode, metadata: { ...metadata, ...extra } }),
        );

      let result: Awaited<ReturnType<MailService['send']>>;
      try {
        result = await mail.send({
          to: input.to,
          ...rendered,
          from,
          templateName: input.template ?? null,
          applicationId: String(application._id),
          userId: input.userId ?? null,
        });
      } catch (error) {
        if (!(error instanceof MailDeliveryError)) throw error;
        await record('email.send_failed', 502, { status: 'failed', error_message: error.reason });
        throw new AppError(MailErrors.DELIVERY_FAILED, {
          message: `The e-mail could not be delivered: ${error.reason}`,
          details: [{ path: 'smtp', message: error.reason }],
        });
      }
      await record('email.sent', 200, {
        status: 'sent',
        message_id: result.message_id,
        transport: result.transport,
      });
      return {
        success: true,
        message_id: result.message_id,
        transport: result.transport,
        from,
        template: input.template ?? null,
        locale,
      };
    },
  };
}
