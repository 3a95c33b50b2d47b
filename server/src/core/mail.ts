/**
 * The mail contract other modules send through (auth, organizations, mfa, webhooks): the system
 * templates they may name, the languages, and the sender interface. The mail module implements it.
 */

export type MailTransportKind = 'smtp' | 'outbox';

export type SystemTemplateName =
  | 'email_confirmation'
  | 'welcome'
  | 'password_reset'
  | 'notification'
  | 'project_invitation'
  | 'registration_attempt'
  | 'account_locked'
  | 'password_changed'
  | 'account_secured'
  | 'mfa_disabled'
  | 'second_factor_changed'
  | 'factor_change_undone'
  | 'account_deletion'
  | 'email_code'
  /** A project pool's invitation (the user management's invite): set a password for the account. */
  | 'pool_invitation'
  /** Changing an account's address (auth/email-change.ts): the link, the notices, an address in use. */
  | 'email_change'
  | 'email_change_requested'
  | 'email_change_taken'
  | 'email_changed'
  /** An alert rule fired or resolved (alerts module): each application's copy is editable. */
  | 'alert';

/** The languages a template can be written in; `de` is the product's language and the default. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export interface SendResult {
  message_id: string;
  transport: MailTransportKind;
}

export interface SendInput {
  to: string;
  subject: string;
  html: string;
  /** Derived from `html` when absent. */
  text?: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
  templateName?: string | null;
  applicationId?: string | null;
  userId?: string | null;
}

export interface SendTemplateInput {
  to: string;
  template: SystemTemplateName;
  /**
   * Placeholder values. Filled in when absent: `email` (the recipient), `productName` (a project
   * pool's account: the pool's branding display name; else the platform's name), `accountUrl` and
   * `signInUrl` (the pool's hosted account and sign-in pages, or the dashboard's) and `dashboardUrl`
   * (DASHBOARD_URL; for a pool's account its hosted account page: no mail leads an end user to the dashboard).
   */
  data: Record<string, string>;
  /**
   * The application the mail is sent for (for an account mail: the one the person registered
   * through). Its own copy of the template is used, as the application customized it. Without
   * one, a project pool's account gets the copy of its pool's default application (the
   * project's oldest active one), so imported and invited users get the project's templates too.
   */
  applicationId?: string | null;
  userId?: string | null;
  /**
   * Defaults to the recipient's mail language (userId), else (a project pool's account) the
   * pool's branding locale, else the application's default locale.
   */
  locale?: Locale | null;
  /**
   * Values written in words, one set per language, laid over `data` once the mail's language is
   * known: the sender cannot know it beforehand (the recipient's choice is the mail module's).
   */
  localizedData?: Partial<Record<Locale, Record<string, string>>>;
}

export interface MailService {
  /**
   * Renders a system template with variables (HTML-escaped) and sends it; logs the send. Throws
   * the mail module's MailDeliveryError (502, code mail_delivery_failed) if SMTP refuses, after logging status failed.
   */
  sendTemplate(input: SendTemplateInput): Promise<SendResult>;
  /** Sends ready subject/html (+ optional text; derived from html when absent); logs the send. */
  send(input: SendInput): Promise<SendResult>;
  /** Closes the SMTP connection pool. */
  close(): Promise<void>;
}
