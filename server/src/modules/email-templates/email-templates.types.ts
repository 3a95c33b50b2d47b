import type { RequestContext } from '../../core/request-context.js';
import type { Locale } from '../../core/mail.js';
import type { TemplateCaller } from './email-templates.access.js';
import type {
  CreateEmailTemplateInput,
  EmailPreview,
  EmailSettingsView,
  EmailTemplateView,
  ListEmailTemplatesQueryInput,
  PreviewEmailTemplateInput,
  SenderLinkView,
  UpdateEmailSettingsInput,
  UpdateEmailTemplateInput,
} from './email-templates.schemas.js';
import type { TemplateStore } from './email-templates.store.js';

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
  /** Organization admins only; new senders become pending and are mailed a verification link. */
  updateSettings(
    caller: TemplateCaller,
    applicationId: string,
    changes: UpdateEmailSettingsInput,
    context: RequestContext,
  ): Promise<EmailSettingsView>;
  /**
   * Organization admins only: a fresh verification link to a pending sender (404 sender_not_found,
   * 409 sender_already_verified).
   */
  resendSenderLink(
    caller: TemplateCaller,
    applicationId: string,
    address: string,
    context: RequestContext,
  ): Promise<EmailSettingsView>;
  /** The signed-in person's own mail language. */
  getPreferences(userId: string): Promise<{ locale: Locale | null }>;
  setPreferences(userId: string, locale: Locale | null): Promise<{ locale: Locale | null }>;
  /** The public verification link: its page (null: unusable) and its one use. */
  describeSenderLink(rawToken: string): Promise<SenderLinkView | null>;
  confirmSenderLink(rawToken: string, context: RequestContext): Promise<SenderLinkView>;
}
