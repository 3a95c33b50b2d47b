import mongoose, { Types, type Connection } from 'mongoose';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../core/mail.js';
import {
  APPLICATION_SYSTEM_TEMPLATES,
  applicationTemplate,
  isApplicationSystemTemplateName,
  type StoredTemplateSource,
} from '../mail/index.js';
import { emailSenderModel, type EmailSenderDocument } from './email-senders.js';
import { emailTemplateModels, type EmailTemplateDocument } from './email-templates.model.js';

export interface ApplicationMailSettings {
  default_locale: Locale;
  /** Senders whose address confirmed by the link mailed to it: the only ones `from` may name. */
  verified_senders: string[];
  /** Senders still waiting for that, and addresses listed before verification existed. */
  pending_senders: string[];
}

/** The editor's data as mail reads it (StoredTemplateSource), plus the lazy creation of system copies. */
export interface TemplateStore extends StoredTemplateSource {
  /**
   * Adds the application's copies of the system templates it lacks (each name in each locale), from
   * the built-in defaults, and brings copies nobody ever edited up to the current defaults (see
   * `untouched`); changes no edited one. Safe to call concurrently. Returns how many it added.
   */
  ensureSystemTemplates(applicationId: Types.ObjectId): Promise<number>;
  /**
   * The active template `name` of an application in `locale`, else in the application's default
   * locale, else in any locale; null when there is none.
   */
  findVariant(
    applicationId: Types.ObjectId,
    name: string,
    locale: Locale,
  ): Promise<EmailTemplateDocument | null>;
  settingsOf(applicationId: Types.ObjectId): Promise<ApplicationMailSettings>;
  /** Whether any application of the organization has a verified sender (then it may mail anyone). */
  organizationHasVerifiedSender(organizationId: Types.ObjectId): Promise<boolean>;
}

/**
 * A system copy nobody edited (the platform created it; an edit or a reset records who did it)
 * holds the built-in default of the day it was made. It follows the current default instead: an
 * older copy's "Registrierung bei IAM Platform" and dashboard wording must not reach a project's
 * end users (issue #31), and an edited copy stays exactly as its editor left it.
 */
function untouched(template: Pick<EmailTemplateDocument, 'is_system_template' | 'updated_by' | 'name'>) {
  return (
    template.is_system_template && !template.updated_by && isApplicationSystemTemplateName(template.name)
  );
}

/** An untouched system copy as the current default has it; any other template as stored. */
function current(template: EmailTemplateDocument): EmailTemplateDocument {
  if (!untouched(template) || !isApplicationSystemTemplateName(template.name)) return template;
  const source = applicationTemplate(template.name, template.locale);
  return {
    ...template,
    subject: source.subject,
    html_content: source.html_content,
    text_content: null,
    variables: source.variables,
  };
}

export function createTemplateStore(connection: Connection): TemplateStore {
  const { EmailTemplates, EmailSettings, EmailPreferences } = emailTemplateModels(connection);
  const EmailSenders = emailSenderModel(connection);

  async function settingsOf(applicationId: Types.ObjectId): Promise<ApplicationMailSettings> {
    const [settings, senders] = await Promise.all([
      EmailSettings.findOne({ application_id: applicationId }).lean(),
      EmailSenders.find({ application_id: applicationId }, { address: 1, verified_at: 1 })
        .sort({ created_at: 1, _id: 1 })
        .lean<Array<Pick<EmailSenderDocument, 'address' | 'verified_at'>>>(),
    ]);
    const known = new Set(senders.map((sender) => sender.address));
    return {
      default_locale: settings?.default_locale ?? DEFAULT_LOCALE,
      verified_senders: senders.filter((sender) => sender.verified_at).map((sender) => sender.address),
      pending_senders: [
        ...senders.filter((sender) => !sender.verified_at).map((sender) => sender.address),
        // Listed by an admin before senders were verified: never trusted, shown for a link to be sent.
        ...(settings?.verified_senders ?? []).filter((address) => !known.has(address)),
      ],
    };
  }

  return {
    settingsOf,

    async organizationHasVerifiedSender(organizationId) {
      return Boolean(
        await EmailSenders.exists({
          organization_id: organizationId,
          verified_at: mongoose.trusted({ $ne: null }),
        }),
      );
    },

    async ensureSystemTemplates(applicationId) {
      const existing = await EmailTemplates.find(
        { application_id: applicationId, is_system_template: true },
        {
          name: 1,
          locale: 1,
          subject: 1,
          html_content: 1,
          text_content: 1,
          updated_by: 1,
          is_system_template: 1,
        },
      ).lean<EmailTemplateDocument[]>();
      for (const template of existing) {
        const now = current(template);
        if (now.subject === template.subject && now.html_content === template.html_content) continue;
        // Conditional: an edit saved meanwhile wins.
        await EmailTemplates.updateOne(
          {
            _id: template._id,
            updated_by: null,
            subject: template.subject,
            html_content: template.html_content,
          },
          {
            $set: {
              subject: now.subject,
              html_content: now.html_content,
              text_content: null,
              variables: now.variables,
            },
          },
        );
      }
      const have = new Set(existing.map((template) => `${template.name}/${template.locale}`));
      let added = 0;
      for (const name of APPLICATION_SYSTEM_TEMPLATES) {
        for (const locale of LOCALES) {
          if (have.has(`${name}/${locale}`)) continue;
          const source = applicationTemplate(name, locale);
          try {
            await EmailTemplates.create({
              application_id: applicationId,
              name,
              locale,
              subject: source.subject,
              html_content: source.html_content,
              text_content: null,
              variables: source.variables,
              is_active: true,
              is_system_template: true,
            });
            added += 1;
          } catch (error) {
            // Another request created it in the meantime: the unique index keeps one.
            if (!isDuplicateKey(error)) throw error;
          }
        }
      }
      return added;
    },

    async findVariant(applicationId, name, locale) {
      const variants = await EmailTemplates.find({
        application_id: applicationId,
        name,
        is_active: true,
      }).lean<EmailTemplateDocument[]>();
      if (variants.length === 0) return null;
      const inLocale = (wanted: Locale) => variants.find((variant) => variant.locale === wanted);
      const fallback = (await settingsOf(applicationId)).default_locale;
      return current(
        inLocale(locale) ??
          inLocale(fallback) ??
          variants.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())[0]!,
      );
    },

    async localeOfUser(userId) {
      if (!userId || !Types.ObjectId.isValid(userId)) return null;
      const preferences = await EmailPreferences.findOne({ user_id: new Types.ObjectId(userId) }).lean();
      return preferences?.locale ?? null;
    },
  };
}
