import ejs from 'ejs';
import { DEFAULT_LOCALE, type Locale, type SystemTemplateName } from '../../core/mail.js';
import { htmlToText } from './mail.text.js';
import {
  button,
  codeBox,
  defineTemplate,
  NOT_ME_VALIDITY_DE,
  NOT_ME_VALIDITY_EN,
  PLACEHOLDER,
  PLATFORM_PRODUCT_NAME,
  type MailTemplate,
  type TemplateSource,
} from './mail.template-parts.js';
import { END_USER_TEMPLATES, END_USER_TEMPLATES_EN } from './mail.templates.pool.js';
import { EMAIL_CHANGE_TEMPLATES, EMAIL_CHANGE_TEMPLATES_EN } from './mail.templates.email-change.js';
import { ALERT_TEMPLATES, ALERT_TEMPLATES_EN } from './mail.templates.alert.js';

export type { MailTemplate, TemplateSource } from './mail.template-parts.js';
export { detectTemplateVariables, PLATFORM_PRODUCT_NAME } from './mail.template-parts.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Whom a mail is written for: a dashboard (platform) account, or an end user of a project's user
 * pool, who gets the pool's brand and wording (mail.templates.pool.ts).
 */
export type MailAudience = 'platform' | 'pool';

const PRODUCT_NAME_PLACEHOLDER = '{{productName}}';
/** `{{productName}}` is filled in when the layout is rendered (a value, never substituted twice). */
const FOOTERS: Record<Locale, string> = {
  de: 'Diese E-Mail wurde automatisch von {{productName}} versendet. Bitte antworten Sie nicht auf diese Nachricht.',
  en: 'This e-mail was sent automatically by {{productName}}. Please do not reply to this message.',
};

/** A placeholder, remembering whether it opens the value of a URL attribute (`href="{{link}}"`). */
const HTML_PLACEHOLDER = /(\b(?:href|src)\s*=\s*["']\s*)?\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/gi;
const SAFE_URL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** What every dashboard account's factor notice says about its "this wasn't me" link (factor-changes). */
const NOT_ME_DE =
  '<p>Wenn Sie das nicht waren, hat vermutlich jemand Zugriff auf eine Ihrer Anmeldungen. „Das war ich nicht“ macht die Änderung rückgängig, beendet alle Anmeldungen, widerruft alle API-Tokens und sperrt das bisherige Passwort, bis Sie ein neues festgelegt haben – den Link dafür schicken wir Ihnen sofort.</p>';
const NOT_ME_EN =
  '<p>If this was not you, someone probably has access to one of your sessions. “This wasn’t me” undoes the change, ends every session, revokes every API token and blocks the current password until you have chosen a new one – we send you the link for that right away.</p>';

/** The default system templates (German, the product's language), with `{{variable}}` placeholders. */
export const SYSTEM_TEMPLATES: Readonly<Record<SystemTemplateName, MailTemplate>> = Object.freeze({
  email_confirmation: defineTemplate('Bitte bestätigen Sie Ihre E-Mail-Adresse', [
    '<p>Hallo {{name}},</p>',
    '<p>vielen Dank für Ihre Registrierung bei {{productName}}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.</p>',
    button('{{confirmLink}}', 'E-Mail-Adresse bestätigen'),
    '<p>Falls Sie sich nicht bei {{productName}} registriert haben, können Sie diese E-Mail ignorieren.</p>',
  ]),
  welcome: defineTemplate('Willkommen bei {{productName}}', [
    '<p>Hallo {{name}},</p>',
    '<p>willkommen bei {{productName}}! Ihr Konto ist eingerichtet. Im Dashboard legen Sie Organisationen, Projekte und Anwendungen an und erstellen API-Tokens.</p>',
    button('{{dashboardUrl}}', 'Zum Dashboard'),
  ]),
  password_reset: defineTemplate('Passwort zurücksetzen', [
    '<p>Hallo {{name}},</p>',
    '<p>wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei {{productName}} zurückzusetzen. Über die folgende Schaltfläche legen Sie ein neues Passwort fest.</p>',
    button('{{resetLink}}', 'Neues Passwort festlegen'),
    '<p>Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail – Ihr Passwort bleibt unverändert.</p>',
    '<p>Zweite Faktoren Ihres Kontos:<br>{{factors}}</p>',
    '<p>Kennen Sie einen davon nicht? Was in den letzten 24 Stunden hinzugekommen ist, entfernen wir beim Zurücksetzen, wenn Sie es nicht ausdrücklich behalten.</p>',
  ]),
  notification: defineTemplate('{{title}}', [
    '<p>Hallo {{name}},</p>',
    '<h2 style="margin:0 0 12px;font-size:18px">{{title}}</h2>',
    '<p>{{message}}</p>',
  ]),
  project_invitation: defineTemplate('Einladung in die Organisation {{organizationName}}', [
    '<p>Hallo {{name}},</p>',
    '<p>{{inviterName}} ({{inviterEmail}}) hat Sie in die Organisation „{{organizationName}}“ auf {{productName}} eingeladen. Ihre Rolle: {{role}}.</p>',
    '<p>Sie werden erst Mitglied, wenn Sie die Einladung annehmen. Melden Sie sich dazu im Dashboard an:</p>',
    button('{{dashboardUrl}}', 'Einladung ansehen'),
    '<p>Sie kennen {{inviterName}} nicht oder möchten nicht Mitglied werden? Dann lehnen Sie die Einladung mit einem Klick ab – ohne Anmeldung:</p>',
    button('{{leaveLink}}', 'Einladung ablehnen'),
    '<p>Der Link ist 30 Tage gültig und kann einmal verwendet werden; haben Sie schon angenommen, verlassen Sie die Organisation damit wieder. Danach geht beides jederzeit im Dashboard.</p>',
  ]),
  registration_attempt: defineTemplate('Registrierungsversuch mit Ihrer E-Mail-Adresse', [
    '<p>Hallo {{name}},</p>',
    '<p>gerade hat jemand versucht, mit Ihrer E-Mail-Adresse ein neues Konto bei {{productName}} zu registrieren. Für diese Adresse besteht bereits ein Konto.</p>',
    '<p>Wenn Sie das waren, melden Sie sich einfach mit Ihrem bestehenden Konto an:</p>',
    button('{{dashboardUrl}}', 'Anmelden'),
    '<p>Haben Sie Ihr Passwort vergessen? Dann legen Sie hier ein neues fest:</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
    '<p>Wenn Sie es nicht waren, können Sie diese E-Mail ignorieren. An Ihrem Konto wurde nichts geändert.</p>',
  ]),
  account_locked: defineTemplate('Ihr Konto wurde vorübergehend gesperrt', [
    '<p>Hallo {{name}},</p>',
    '<p>jemand hat mehrmals hintereinander ein falsches Passwort für Ihr Konto bei {{productName}} eingegeben, {{where}}. Die Sperre endet nach {{minutes}} Minuten.</p>',
    '<p>Wenn Sie das nicht waren, versucht möglicherweise jemand, Ihr Passwort zu erraten. Ein neues Passwort hebt die Sperre sofort auf:</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
  ]),
  password_changed: defineTemplate('Ihr Passwort wurde geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>das Passwort Ihres Kontos bei {{productName}} wurde soeben geändert ({{how}}). Zu Ihrer Sicherheit haben wir alle anderen Anmeldungen beendet ({{sessionsEnded}}) und alle API-Tokens widerrufen ({{tokensRevoked}}). Erstellen Sie benötigte API-Tokens im Dashboard neu.</p>',
    '<p>Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück:</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
  ]),
  account_secured: defineTemplate('Ihr Konto wurde gesichert', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie haben sich gerade mit Google angemeldet. Für Ihre E-Mail-Adresse bestand bereits ein unbestätigtes Konto mit Passwort – angelegt von jemandem, der den Zugang zu Ihrem Postfach nie nachgewiesen hat. Zu Ihrem Schutz haben wir dieses Passwort entfernt, alle Anmeldungen beendet und alle API-Tokens widerrufen.</p>',
    '<p>Ihr Konto gehört jetzt Ihnen und ist mit Google verbunden. Wenn Sie zusätzlich ein Passwort möchten, legen Sie es hier fest:</p>',
    button('{{resetLink}}', 'Passwort festlegen'),
  ]),
  mfa_disabled: defineTemplate('Sicherheitshinweis: Zwei-Faktor-Anmeldung geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>an Ihrem Konto bei {{productName}} wurde soeben ein zweiter Faktor entfernt: {{method}}. {{status}}</p>',
    '<p>Wann: {{when}}<br>Von der Adresse: {{ip}}<br>Gerät und Browser: {{userAgent}}<br>Bestätigt mit: {{proof}}</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun. Sie können die Zwei-Faktor-Anmeldung jederzeit wieder einrichten:</p>',
    button('{{securityUrl}}', 'Sicherheitseinstellungen öffnen'),
    NOT_ME_DE,
    button('{{notMeLink}}', 'Das war ich nicht'),
    NOT_ME_VALIDITY_DE,
  ]),
  second_factor_changed: defineTemplate('Sicherheitshinweis: Anmeldung Ihres Kontos geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>an Ihrem Konto bei {{productName}} wurde soeben geändert, womit man sich anmelden kann: {{change}}.</p>',
    '<p>Wann: {{when}}<br>Von der Adresse: {{ip}}<br>Gerät und Browser: {{userAgent}}</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun. Ihre zweiten Faktoren sehen Sie in den Sicherheitseinstellungen:</p>',
    button('{{securityUrl}}', 'Sicherheitseinstellungen öffnen'),
    NOT_ME_DE,
    button('{{notMeLink}}', 'Das war ich nicht'),
    NOT_ME_VALIDITY_DE,
  ]),
  factor_change_undone: defineTemplate('Bitte legen Sie ein neues Passwort fest', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie haben uns gemeldet, dass eine Änderung an Ihrem Konto bei {{productName}} nicht von Ihnen war. {{undone}} Alle Anmeldungen sind beendet ({{sessionsEnded}}) und alle API-Tokens widerrufen ({{tokensRevoked}}).</p>',
    '<p>Mit dem bisherigen Passwort kann sich niemand mehr anmelden. Legen Sie jetzt ein neues fest:</p>',
    button('{{resetLink}}', 'Neues Passwort festlegen'),
    '<p>Der Link ist eine Stunde gültig. Danach fordern Sie unter „Passwort vergessen?“ einen neuen an.</p>',
  ]),
  account_deletion: defineTemplate('Bestätigen Sie die Löschung Ihres Kontos', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie möchten Ihr Konto bei {{productName}} löschen. Bestätigen Sie das über die folgende Schaltfläche; danach sind Ihr Profil und Ihre Anmeldungen unwiderruflich gelöscht.</p>',
    button('{{deleteLink}}', 'Konto endgültig löschen'),
    '<p>Der Link ist 30 Minuten gültig und kann einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail – Ihr Konto bleibt bestehen – und sehen Sie in den Sicherheitseinstellungen nach, welche Anmeldungen aktiv sind.</p>',
  ]),
  email_code: defineTemplate('Ihr Anmeldecode', [
    '<p>Hallo {{name}},</p>',
    '<p>mit diesem Code melden Sie sich an:</p>',
    codeBox('{{signInCode}}'),
    '<p>Der Code ist 10 Minuten gültig und kann einmal verwendet werden. Geben Sie ihn nur auf der Anmeldeseite ein und niemandem sonst weiter.</p>',
    '<p>Wenn Sie das nicht waren, ignorieren Sie diese E-Mail. Ohne den Code kann sich niemand anmelden; an Ihrem Konto ändert sich nichts.</p>',
  ]),
  pool_invitation: defineTemplate('{{productName}} lädt Sie ein', [
    '<p>Hallo {{name}},</p>',
    '<p>{{productName}} lädt Sie ein, ein Konto zu nutzen. Es ist für diese E-Mail-Adresse schon angelegt; es fehlt nur noch Ihr Passwort.</p>',
    button('{{inviteLink}}', 'Passwort festlegen'),
    '<p>Der Link ist 7 Tage gültig und kann einmal verwendet werden. Danach fordern Sie auf der Anmeldeseite unter „Passwort vergessen?“ einen neuen an:</p>',
    button('{{signInUrl}}', 'Zur Anmeldung'),
    '<p>Wenn Sie {{productName}} nicht kennen oder kein Konto möchten, ignorieren Sie diese E-Mail.</p>',
  ]),
  ...EMAIL_CHANGE_TEMPLATES,
  ...ALERT_TEMPLATES,
});

export function isSystemTemplateName(name: string): name is SystemTemplateName {
  return Object.hasOwn(SYSTEM_TEMPLATES, name);
}

/**
 * The system templates every application has its own editable copy of (issue 12), in each locale.
 * The others (lockout, registration attempt, …) are security notices and always come from code.
 */
export const APPLICATION_SYSTEM_TEMPLATES = [
  'welcome',
  'password_reset',
  'notification',
  'project_invitation',
  'email_confirmation',
  'email_code',
  'pool_invitation',
  'alert',
] as const satisfies readonly SystemTemplateName[];
export type ApplicationSystemTemplateName = (typeof APPLICATION_SYSTEM_TEMPLATES)[number];

export function isApplicationSystemTemplateName(name: string): name is ApplicationSystemTemplateName {
  return (APPLICATION_SYSTEM_TEMPLATES as readonly string[]).includes(name);
}

/** English defaults of the application system templates (the German ones are SYSTEM_TEMPLATES). */
export const SYSTEM_TEMPLATES_EN: Readonly<Record<ApplicationSystemTemplateName, MailTemplate>> =
  Object.freeze({
    email_confirmation: defineTemplate('Please confirm your e-mail address', [
      '<p>Hello {{name}},</p>',
      '<p>thank you for signing up with {{productName}}. Please confirm your e-mail address to activate your account.</p>',
      button('{{confirmLink}}', 'Confirm e-mail address'),
      '<p>If you did not sign up with {{productName}}, you can ignore this e-mail.</p>',
    ]),
    welcome: defineTemplate('Welcome to {{productName}}', [
      '<p>Hello {{name}},</p>',
      '<p>welcome to {{productName}}! Your account is ready. In the dashboard you create organizations, projects and applications and issue API tokens.</p>',
      button('{{dashboardUrl}}', 'Open the dashboard'),
    ]),
    password_reset: defineTemplate('Reset your password', [
      '<p>Hello {{name}},</p>',
      '<p>we received a request to reset the password of your account at {{productName}}. Use the button below to choose a new password.</p>',
      button('{{resetLink}}', 'Choose a new password'),
      '<p>The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail – your password stays unchanged.</p>',
      '<p>Second factors of your account:<br>{{factors}}</p>',
      '<p>Do you not recognise one of them? Whatever was added during the last 24 hours is removed with the reset unless you explicitly keep it.</p>',
    ]),
    notification: defineTemplate('{{title}}', [
      '<p>Hello {{name}},</p>',
      '<h2 style="margin:0 0 12px;font-size:18px">{{title}}</h2>',
      '<p>{{message}}</p>',
    ]),
    project_invitation: defineTemplate('Invitation to the organization {{organizationName}}', [
      '<p>Hello {{name}},</p>',
      '<p>{{inviterName}} ({{inviterEmail}}) invited you to the organization “{{organizationName}}” on {{productName}}. Your role: {{role}}.</p>',
      '<p>You become a member only once you accept the invitation. Sign in to the dashboard to answer it:</p>',
      button('{{dashboardUrl}}', 'View the invitation'),
      '<p>You do not know {{inviterName}} or do not want to become a member? Decline the invitation with one click – no sign-in needed:</p>',
      button('{{leaveLink}}', 'Decline the invitation'),
      '<p>The link is valid for 30 days and can be used once; if you have already accepted, it takes you out of the organization again. After that you can do either in the dashboard at any time.</p>',
    ]),
    email_code: defineTemplate('Your sign-in code', [
      '<p>Hello {{name}},</p>',
      '<p>use this code to sign in:</p>',
      codeBox('{{signInCode}}'),
      '<p>The code is valid for 10 minutes and can be used once. Enter it only on the sign-in page and never give it to anyone.</p>',
      '<p>If this wasn’t you, ignore this e-mail. Nobody can sign in without the code; nothing changes on your account.</p>',
    ]),
    pool_invitation: defineTemplate('{{productName}} invites you', [
      '<p>Hello {{name}},</p>',
      '<p>{{productName}} invites you to use an account. It has already been created for this e-mail address; all it needs is your password.</p>',
      button('{{inviteLink}}', 'Choose your password'),
      '<p>The link is valid for 7 days and can be used once. After that, ask for a new one under “Forgot password?” on the sign-in page:</p>',
      button('{{signInUrl}}', 'Go to sign-in'),
      '<p>If you do not know {{productName}} or do not want an account, ignore this e-mail.</p>',
    ]),
    ...ALERT_TEMPLATES_EN,
  });

/**
 * English versions of security notices sent from code (applications cannot edit them). The other
 * notices are German only: their values are German words filled in by the module that sends them.
 */
export const SECURITY_NOTICES_EN: Readonly<Partial<Record<SystemTemplateName, MailTemplate>>> = Object.freeze(
  {
    second_factor_changed: defineTemplate('Security notice: how your account signs in has changed', [
      '<p>Hello {{name}},</p>',
      '<p>what can sign in to your account at {{productName}} has just changed: {{change}}.</p>',
      '<p>When: {{when}}<br>From the address: {{ip}}<br>Device and browser: {{userAgent}}</p>',
      '<p>If this was you, there is nothing more to do. Your second factors are listed in the security settings:</p>',
      button('{{securityUrl}}', 'Open security settings'),
      NOT_ME_EN,
      button('{{notMeLink}}', 'This wasn’t me'),
      NOT_ME_VALIDITY_EN,
    ]),
    factor_change_undone: defineTemplate('Please choose a new password', [
      '<p>Hello {{name}},</p>',
      '<p>you told us that a change to your account at {{productName}} was not yours. {{undone}} Every session has ended ({{sessionsEnded}}) and every API token is revoked ({{tokensRevoked}}).</p>',
      '<p>Nobody can sign in with the current password any more. Choose a new one now:</p>',
      button('{{resetLink}}', 'Choose a new password'),
      '<p>The link is valid for one hour. After that, ask for a new one under “Forgot password?”.</p>',
    ]),
    account_deletion: defineTemplate('Confirm the deletion of your account', [
      '<p>Hello {{name}},</p>',
      '<p>you asked to delete your account at {{productName}}. Confirm it with the button below; your profile and sessions are then deleted for good.</p>',
      button('{{deleteLink}}', 'Delete my account'),
      '<p>The link is valid for 30 minutes and can be used once. If you did not ask for this, ignore this e-mail – your account stays – and check in the security settings which sessions are active.</p>',
    ]),
    ...EMAIL_CHANGE_TEMPLATES_EN,
  },
);

/**
 * The built-in default of a system template in a locale (German where no translation exists), for
 * a dashboard account (`platform`, the default) or a project pool's end user (`pool`: the
 * end-user wording where the dashboard's does not fit them).
 */
export function systemTemplate(
  name: SystemTemplateName,
  locale: Locale = DEFAULT_LOCALE,
  audience: MailAudience = 'platform',
): MailTemplate {
  if (audience === 'pool') {
    const endUser = locale === 'en' ? END_USER_TEMPLATES_EN[name] : END_USER_TEMPLATES[name];
    if (endUser) return endUser;
  }
  if (locale === 'en' && isApplicationSystemTemplateName(name)) return SYSTEM_TEMPLATES_EN[name];
  if (locale === 'en') return SECURITY_NOTICES_EN[name] ?? SYSTEM_TEMPLATES[name];
  return SYSTEM_TEMPLATES[name];
}

/**
 * What an application's own copy of a system template starts as, and what a reset restores: the
 * end users' wording, since the people an application mails are its project pool's end users.
 */
export function applicationTemplate(name: ApplicationSystemTemplateName, locale: Locale): MailTemplate {
  return systemTemplate(name, locale, 'pool');
}

const renderLayout = ejs.compile(
  `<!doctype html>
<html lang="<%= mail.locale %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><%= mail.subject %></title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#1f2937">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:700;color:#111827"><%= mail.productName %></td></tr>
<tr><td style="padding:32px"><%- mail.content %></td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280"><%= mail.footer %></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`,
  { strict: true, localsName: 'mail' },
);

/** The mail layout around `content`, naming `productName` in its header and footer. */
function layout(subject: string, content: string, locale: Locale, productName: string): string {
  const footer = FOOTERS[locale].replace(PRODUCT_NAME_PLACEHOLDER, () => productName);
  return renderLayout({ subject, content, locale, productName, footer });
}

function valueOf(data: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(data, name)) return undefined;
  const value = data[name];
  return value === undefined || value === null ? undefined : String(value);
}

/** A value that opens a link target must be an absolute http(s) or mailto URL, never `javascript:`. */
function safeUrl(value: string): string {
  try {
    return SAFE_URL_PROTOCOLS.has(new URL(value.trim()).protocol) ? value.trim() : '#';
  } catch {
    return '#';
  }
}

/** Placeholders without data stay visible as `{{name}}`, so a preview can point them out. */
function substituteHtml(html: string, data: Record<string, unknown>): string {
  return html.replace(HTML_PLACEHOLDER, (match, urlAttribute: string | undefined, name: string) => {
    const value = valueOf(data, name);
    if (value === undefined) return match;
    if (urlAttribute) return urlAttribute + ejs.escapeXML(safeUrl(value));
    return ejs.escapeXML(value).replace(/\r\n|\r|\n/g, '<br>');
  });
}

function substituteText(text: string, data: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (match, name: string) => valueOf(data, name) ?? match);
}

/**
 * Renders a template: `{{name}}` placeholders are replaced by `data` (HTML-escaped in the HTML part,
 * verbatim in the text part), the HTML is wrapped in the mail layout (in `locale`, default German)
 * whose header and footer name `data.productName` (default: the platform's name, as every
 * placeholder `{{productName}}`), and the text part is `text_content` or else derived from the
 * same source. A system template's name picks its built-in default in that locale and for that
 * `audience` (default: a dashboard account). Pure: no I/O.
 */
export function renderTemplate(
  template: SystemTemplateName | TemplateSource,
  data: Record<string, string>,
  options: { locale?: Locale; audience?: MailAudience } = {},
): RenderedMail {
  if (typeof template === 'string' && !isSystemTemplateName(template)) {
    throw new TypeError(`Unknown system template: ${String(template)}`);
  }
  const locale = options.locale ?? DEFAULT_LOCALE;
  const source: TemplateSource =
    typeof template === 'string' ? systemTemplate(template, locale, options.audience) : template;
  const values: Record<string, string> = { productName: PLATFORM_PRODUCT_NAME, ...data };
  const productName = valueOf(values, 'productName') ?? PLATFORM_PRODUCT_NAME;
  const subject = substituteText(source.subject, values).replace(/\s+/g, ' ').trim();
  // Header and footer of the text part are placeholders too, filled in by the one substitution
  // below: a brand name that looks like a placeholder stays text.
  const text =
    typeof source.text_content === 'string' && source.text_content.trim() !== ''
      ? `${PRODUCT_NAME_PLACEHOLDER}\n\n${source.text_content.trim()}\n\n${FOOTERS[locale]}`
      : // Converted before substitution, so values reach the text part exactly as given.
        htmlToText(layout(subject, source.html_content, locale, PRODUCT_NAME_PLACEHOLDER));
  return {
    subject,
    html: layout(subject, substituteHtml(source.html_content, values), locale, productName),
    text: substituteText(text, values),
  };
}
