import { Types } from 'mongoose';
import type { Config } from '../../config.js';
import {
  DEFAULT_LOCALE,
  type Locale,
  type MailService,
  type SendInput,
  type SendResult,
} from '../../core/mail.js';
import { audienceDefaults, type MailRecipients, type PoolRecipient } from './mail.audience.js';
import { renderStoredTemplate, type StoredTemplate } from './mail.sanitize.js';
import { isApplicationSystemTemplateName, renderTemplate } from './mail.templates.js';

/**
 * The applications' own copies of the templates and their mail languages. The e-mail template
 * editor owns that data; mail only reads it, through this, so mail depends on no editor code.
 */
export interface StoredTemplateSource {
  /** The active template `name` of an application in `locale` (or its fallback), or null. */
  findVariant(applicationId: Types.ObjectId, name: string, locale: Locale): Promise<StoredTemplate | null>;
  settingsOf(applicationId: Types.ObjectId): Promise<{ default_locale: Locale }>;
  /** The language a person chose for their mails, or null. */
  localeOfUser(userId: string | null | undefined): Promise<Locale | null>;
}

/**
 * `sendTemplate` of the mail service: picks the template (the application's copy, else the
 * built-in one for the recipient's audience), the language and the placeholder values the sender
 * left out, renders and hands the mail to `send`.
 */
export function createTemplateSender(deps: {
  config: Config;
  templates: StoredTemplateSource;
  recipients?: Pick<MailRecipients, 'poolRecipient'>;
  send(input: SendInput): Promise<SendResult>;
}): MailService['sendTemplate'] {
  const { config, templates } = deps;
  const urls = { publicUrl: config.publicUrl, dashboardUrl: config.auth.dashboardUrl };

  /** The recipient's project pool with its brand, or null (a dashboard account, no account, unknown). */
  async function poolRecipient(userId: string | null | undefined): Promise<PoolRecipient | null> {
    if (!deps.recipients || !userId || !Types.ObjectId.isValid(userId)) return null;
    return deps.recipients.poolRecipient(userId);
  }

  return async function sendTemplate(input) {
    const pool = await poolRecipient(input.userId);
    const data = { email: input.to.trim(), ...audienceDefaults(urls, pool), ...input.data };
    // A pool's account without an application of its own (imported, invited) gets the copies of
    // its pool's default application: the project's customized templates.
    const templatesOf = input.applicationId ?? pool?.applicationId ?? null;
    const applicationId =
      templatesOf && Types.ObjectId.isValid(templatesOf) ? new Types.ObjectId(templatesOf) : null;
    const locale =
      input.locale ??
      (await templates.localeOfUser(input.userId)) ??
      pool?.locale ??
      (applicationId ? (await templates.settingsOf(applicationId)).default_locale : DEFAULT_LOCALE);
    const stored =
      applicationId && isApplicationSystemTemplateName(input.template)
        ? await templates.findVariant(applicationId, input.template, locale)
        : null;
    // The words for the language the mail is actually written in (a stored copy may fall back).
    const words = { ...data, ...input.localizedData?.[stored?.locale ?? locale] };
    const rendered = stored
      ? renderStoredTemplate(stored, words)
      : renderTemplate(input.template, words, { locale, audience: pool ? 'pool' : 'platform' });
    return deps.send({
      to: input.to,
      ...rendered,
      templateName: input.template,
      // The application whose copy was used counts as the sender (e-mail log, webhooks).
      applicationId: input.applicationId ?? (stored ? templatesOf : null),
      userId: input.userId ?? null,
    });
  };
}
