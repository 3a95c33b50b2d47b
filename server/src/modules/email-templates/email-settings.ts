import { Types, type Model } from 'mongoose';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import { applicationEvent, type TemplateAccess } from './email-templates.access.js';
import type { EmailPreferencesDocument, EmailSettingsDocument } from './email-templates.model.js';
import type { EmailTemplatesService } from './email-templates.types.js';
import type { TemplateStore } from './email-templates.store.js';
import type { EmailSenders } from './email-senders.js';

type Settings = Pick<
  EmailTemplatesService,
  'getSettings' | 'updateSettings' | 'resendSenderLink' | 'getPreferences' | 'setPreferences'
>;

/** An application's mail settings (default locale, senders) and a person's mail language. */
export function createEmailSettings(deps: {
  EmailSettings: Model<EmailSettingsDocument>;
  EmailPreferences: Model<EmailPreferencesDocument>;
  store: TemplateStore;
  access: TemplateAccess;
  activity: ActivityService;
  senders: EmailSenders;
}): Settings {
  const { EmailSettings, EmailPreferences, store, access, activity, senders } = deps;

  return {
    async getSettings(caller, applicationId) {
      const { application } = await access.authorizeApplication(caller, applicationId, false);
      return { application_id: applicationId, ...(await store.settingsOf(application._id)) };
    },

    async updateSettings(caller, applicationId, changes, context) {
      // Senders decide whose name mails may carry: organization:update (admins).
      const { application, organization } = await access.authorizeApplication(
        caller,
        applicationId,
        'organization:update',
      );
      const set: Record<string, unknown> = { updated_by: new Types.ObjectId(caller.userId) };
      if (changes.default_locale !== undefined) set.default_locale = changes.default_locale;
      if (changes.verified_senders !== undefined) {
        const locale = changes.default_locale ?? (await store.settingsOf(application._id)).default_locale;
        // Listing an address no longer vouches for it: it stays pending until its link is followed.
        await senders.replace(
          { application, organizationName: organization.name, requestedBy: caller.userId, locale },
          changes.verified_senders,
        );
        set.verified_senders = [];
      }
      await EmailSettings.updateOne(
        { application_id: application._id },
        { $set: set, $setOnInsert: { application_id: application._id } },
        { upsert: true },
      );
      const settings = await store.settingsOf(application._id);
      await recordAudit(
        activity,
        context,
        applicationEvent('email_settings.updated', application, caller, { metadata: { ...settings } }),
      );
      return { application_id: applicationId, ...settings };
    },

    async resendSenderLink(caller, applicationId, address, context) {
      const { application, organization } = await access.authorizeApplication(
        caller,
        applicationId,
        'organization:update',
      );
      const settings = await store.settingsOf(application._id);
      await senders.resend(
        {
          application,
          organizationName: organization.name,
          requestedBy: caller.userId,
          locale: settings.default_locale,
        },
        address,
        settings.pending_senders,
      );
      await recordAudit(
        activity,
        context,
        applicationEvent('email_sender.link_sent', application, caller, { metadata: { address } }),
      );
      return { application_id: applicationId, ...(await store.settingsOf(application._id)) };
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
