import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { LOCALES, type Locale } from '../../core/mail.js';

/**
 * SPEC §3 email_template, one document per language variant: a template `name` may exist in `de`
 * and in `en` for one application. System templates are each application's own copies of the
 * built-in defaults (mail.templates.ts), which stay the source for a reset.
 */
export interface EmailTemplateDocument {
  _id: Types.ObjectId;
  /** Always set: every template, system copies included, belongs to one application. */
  application_id: Types.ObjectId;
  name: string;
  locale: Locale;
  subject: string;
  /** Sanitized on save (email-templates.html.ts). */
  html_content: string;
  text_content: string | null;
  /** The `{{name}}` placeholders of subject, html_content and text_content. */
  variables: string[];
  is_active: boolean;
  is_system_template: boolean;
  /** Null for system copies created by the platform. */
  created_by: Types.ObjectId | null;
  updated_by: Types.ObjectId | null;
  created_at: Date;
  updated_at: Date;
}

/** Per-application mail settings: the default locale and the senders `from` may name. */
export interface EmailSettingsDocument {
  _id: Types.ObjectId;
  application_id: Types.ObjectId;
  default_locale: Locale;
  /**
   * Legacy: addresses an admin listed before senders were verified by link (issue #37). Never
   * trusted; shown as pending until verified. Senders live in `email_senders` (email-senders.ts).
   */
  verified_senders: string[];
  updated_by: Types.ObjectId | null;
  created_at: Date;
  updated_at: Date;
}

/** A person's mail preferences (their account setting): the language of the mails they receive. */
export interface EmailPreferencesDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  locale: Locale | null;
  created_at: Date;
  updated_at: Date;
}

const emailTemplateSchema = new Schema<EmailTemplateDocument>(
  {
    application_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, maxlength: 100 },
    locale: { type: String, enum: LOCALES, required: true },
    subject: { type: String, required: true, maxlength: 300 },
    html_content: { type: String, required: true },
    text_content: { type: String, default: null },
    variables: { type: [String], default: [] },
    is_active: { type: Boolean, default: true },
    is_system_template: { type: Boolean, default: false },
    created_by: { type: Schema.Types.ObjectId, default: null },
    updated_by: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'email_templates', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
// One variant per name and locale in an application; also what makes lazy creation race-free.
emailTemplateSchema.index({ application_id: 1, name: 1, locale: 1 }, { unique: true });
emailTemplateSchema.index({ application_id: 1, is_active: 1, created_at: -1 });
emailTemplateSchema.plugin(toJSONPlugin);

const emailSettingsSchema = new Schema<EmailSettingsDocument>(
  {
    application_id: { type: Schema.Types.ObjectId, required: true },
    default_locale: { type: String, enum: LOCALES, default: 'de' },
    verified_senders: { type: [String], default: [] },
    updated_by: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'email_settings', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
emailSettingsSchema.index({ application_id: 1 }, { unique: true });
emailSettingsSchema.plugin(toJSONPlugin);

const emailPreferencesSchema = new Schema<EmailPreferencesDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    locale: { type: String, enum: [...LOCALES, null], default: null },
  },
  { collection: 'email_preferences', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
emailPreferencesSchema.index({ user_id: 1 }, { unique: true });
emailPreferencesSchema.plugin(toJSONPlugin);

export interface EmailTemplateModels {
  EmailTemplates: Model<EmailTemplateDocument>;
  EmailSettings: Model<EmailSettingsDocument>;
  EmailPreferences: Model<EmailPreferencesDocument>;
}

export function emailTemplateModels(connection: Connection): EmailTemplateModels {
  return {
    EmailTemplates: modelOn(connection, 'EmailTemplate', emailTemplateSchema),
    EmailSettings: modelOn(connection, 'EmailSettings', emailSettingsSchema),
    EmailPreferences: modelOn(connection, 'EmailPreferences', emailPreferencesSchema),
  };
}
