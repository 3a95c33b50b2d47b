import type { SystemTemplateName } from '../../core/mail.js';
import {
  button,
  defineTemplate,
  NOT_ME_VALIDITY_DE,
  NOT_ME_VALIDITY_EN,
  type MailTemplate,
} from './mail.template-parts.js';

/**
 * The end users' wording (issue #31): mails to an account of a project's user pool name the
 * pool's brand (`{{productName}}`, its branding's display name) and lead to the pool's hosted
 * pages (`{{accountUrl}}`, `{{signInUrl}}`), never to the dashboard. Only the templates whose
 * dashboard wording does not fit an end user (organizations, API tokens, the dashboard's security
 * settings) are here; the others (confirmation, reset, code, deletion, …) fit both audiences and
 * come from mail.templates.ts. Where the dashboard's notice exists in German only because its
 * values are German words, the English end-user text leaves those values out.
 */

const NOT_ME_DE =
  '<p>Wenn Sie das nicht waren, hat vermutlich jemand Zugriff auf eine Ihrer Anmeldungen. „Das war ich nicht“ macht die Änderung rückgängig, beendet alle Anmeldungen und sperrt das bisherige Passwort, bis Sie ein neues festgelegt haben – den Link dafür schicken wir Ihnen sofort.</p>';
const NOT_ME_EN =
  '<p>If this was not you, someone probably has access to one of your sessions. “This wasn’t me” undoes the change, ends every session and blocks the current password until you have chosen a new one – we send you the link for that right away.</p>';

export const END_USER_TEMPLATES: Readonly<Partial<Record<SystemTemplateName, MailTemplate>>> = Object.freeze({
  welcome: defineTemplate('Willkommen bei {{productName}}', [
    '<p>Hallo {{name}},</p>',
    '<p>willkommen bei {{productName}}! Ihr Konto ist eingerichtet. Auf Ihrer Kontoseite ändern Sie Ihr Profil und Ihr Passwort, richten eine Zwei-Faktor-Anmeldung ein und sehen, wo Sie angemeldet sind.</p>',
    button('{{accountUrl}}', 'Zu Ihrem Konto'),
  ]),
  registration_attempt: defineTemplate('Registrierungsversuch mit Ihrer E-Mail-Adresse', [
    '<p>Hallo {{name}},</p>',
    '<p>gerade hat jemand versucht, mit Ihrer E-Mail-Adresse ein neues Konto bei {{productName}} zu registrieren. Für diese Adresse besteht dort bereits ein Konto.</p>',
    '<p>Wenn Sie das waren, melden Sie sich einfach mit Ihrem bestehenden Konto an:</p>',
    button('{{signInUrl}}', 'Anmelden'),
    '<p>Haben Sie Ihr Passwort vergessen? Dann legen Sie hier ein neues fest:</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
    '<p>Wenn Sie es nicht waren, können Sie diese E-Mail ignorieren. An Ihrem Konto wurde nichts geändert.</p>',
  ]),
  password_changed: defineTemplate('Ihr Passwort wurde geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>das Passwort Ihres Kontos bei {{productName}} wurde soeben geändert ({{how}}). Zu Ihrer Sicherheit haben wir alle anderen Anmeldungen beendet ({{sessionsEnded}}).</p>',
    '<p>Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück:</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
  ]),
  account_secured: defineTemplate('Ihr Konto wurde gesichert', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie haben sich gerade mit Google bei {{productName}} angemeldet. Für Ihre E-Mail-Adresse bestand dort bereits ein unbestätigtes Konto mit Passwort – angelegt von jemandem, der den Zugang zu Ihrem Postfach nie nachgewiesen hat. Zu Ihrem Schutz haben wir dieses Passwort entfernt und alle Anmeldungen beendet.</p>',
    '<p>Ihr Konto gehört jetzt Ihnen und ist mit Google verbunden. Wenn Sie zusätzlich ein Passwort möchten, legen Sie es hier fest:</p>',
    button('{{resetLink}}', 'Passwort festlegen'),
  ]),
  mfa_disabled: defineTemplate('Sicherheitshinweis: Zwei-Faktor-Anmeldung geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>an Ihrem Konto bei {{productName}} wurde soeben ein zweiter Faktor entfernt: {{method}}. {{status}}</p>',
    '<p>Wann: {{when}}<br>Von der Adresse: {{ip}}<br>Gerät und Browser: {{userAgent}}<br>Bestätigt mit: {{proof}}</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun. Die Zwei-Faktor-Anmeldung richten Sie jederzeit auf Ihrer Kontoseite wieder ein:</p>',
    button('{{accountUrl}}', 'Kontoseite öffnen'),
    NOT_ME_DE,
    button('{{notMeLink}}', 'Das war ich nicht'),
    NOT_ME_VALIDITY_DE,
  ]),
  second_factor_changed: defineTemplate('Sicherheitshinweis: Anmeldung Ihres Kontos geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>an Ihrem Konto bei {{productName}} wurde soeben geändert, womit man sich anmelden kann: {{change}}.</p>',
    '<p>Wann: {{when}}<br>Von der Adresse: {{ip}}<br>Gerät und Browser: {{userAgent}}</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun. Ihre zweiten Faktoren sehen Sie auf Ihrer Kontoseite:</p>',
    button('{{accountUrl}}', 'Kontoseite öffnen'),
    NOT_ME_DE,
    button('{{notMeLink}}', 'Das war ich nicht'),
    NOT_ME_VALIDITY_DE,
  ]),
  factor_change_undone: defineTemplate('Bitte legen Sie ein neues Passwort fest', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie haben uns gemeldet, dass eine Änderung an Ihrem Konto bei {{productName}} nicht von Ihnen war. {{undone}} Alle Anmeldungen sind beendet ({{sessionsEnded}}).</p>',
    '<p>Mit dem bisherigen Passwort kann sich niemand mehr anmelden. Legen Sie jetzt ein neues fest:</p>',
    button('{{resetLink}}', 'Neues Passwort festlegen'),
    '<p>Der Link ist eine Stunde gültig. Danach fordern Sie auf der Anmeldeseite unter „Passwort vergessen?“ einen neuen an.</p>',
  ]),
});

export const END_USER_TEMPLATES_EN: Readonly<Partial<Record<SystemTemplateName, MailTemplate>>> =
  Object.freeze({
    welcome: defineTemplate('Welcome to {{productName}}', [
      '<p>Hello {{name}},</p>',
      '<p>welcome to {{productName}}! Your account is ready. On your account page you change your profile and password, set up two-step sign-in and see where you are signed in.</p>',
      button('{{accountUrl}}', 'Go to your account'),
    ]),
    registration_attempt: defineTemplate('Someone tried to sign up with your e-mail address', [
      '<p>Hello {{name}},</p>',
      '<p>someone just tried to create a new account at {{productName}} with your e-mail address. There already is an account for this address.</p>',
      '<p>If this was you, simply sign in with your existing account:</p>',
      button('{{signInUrl}}', 'Sign in'),
      '<p>Forgot your password? Choose a new one here:</p>',
      button('{{resetLink}}', 'Reset password'),
      '<p>If this was not you, you can ignore this e-mail. Nothing has changed on your account.</p>',
    ]),
    account_locked: defineTemplate('Your account has been locked for a while', [
      '<p>Hello {{name}},</p>',
      '<p>someone entered a wrong password for your account at {{productName}} several times in a row. Signing in with a password is paused for {{minutes}} minutes.</p>',
      '<p>If this was not you, someone may be trying to guess your password. A new password lifts the pause at once:</p>',
      button('{{resetLink}}', 'Reset password'),
    ]),
    password_changed: defineTemplate('Your password has been changed', [
      '<p>Hello {{name}},</p>',
      '<p>the password of your account at {{productName}} has just been changed. For your security we ended every other session ({{sessionsEnded}}).</p>',
      '<p>If this was not you, reset your password right away:</p>',
      button('{{resetLink}}', 'Reset password'),
    ]),
    account_secured: defineTemplate('Your account has been secured', [
      '<p>Hello {{name}},</p>',
      '<p>you just signed in to {{productName}} with Google. There already was an unconfirmed account with a password for your e-mail address – created by someone who never proved access to your mailbox. To protect you, we removed that password and ended every session.</p>',
      '<p>The account is yours now and linked to Google. If you also want a password, choose one here:</p>',
      button('{{resetLink}}', 'Choose a password'),
    ]),
    mfa_disabled: defineTemplate('Security notice: two-step sign-in changed', [
      '<p>Hello {{name}},</p>',
      '<p>a second factor was just removed from your account at {{productName}}.</p>',
      '<p>When: {{when}}<br>From the address: {{ip}}<br>Device and browser: {{userAgent}}</p>',
      '<p>If this was you, there is nothing more to do. You can set up two-step sign-in again on your account page at any time:</p>',
      button('{{accountUrl}}', 'Open your account'),
      NOT_ME_EN,
      button('{{notMeLink}}', 'This wasn’t me'),
      NOT_ME_VALIDITY_EN,
    ]),
    second_factor_changed: defineTemplate('Security notice: how your account signs in has changed', [
      '<p>Hello {{name}},</p>',
      '<p>what can sign in to your account at {{productName}} has just changed: {{change}}.</p>',
      '<p>When: {{when}}<br>From the address: {{ip}}<br>Device and browser: {{userAgent}}</p>',
      '<p>If this was you, there is nothing more to do. Your second factors are listed on your account page:</p>',
      button('{{accountUrl}}', 'Open your account'),
      NOT_ME_EN,
      button('{{notMeLink}}', 'This wasn’t me'),
      NOT_ME_VALIDITY_EN,
    ]),
    factor_change_undone: defineTemplate('Please choose a new password', [
      '<p>Hello {{name}},</p>',
      '<p>you told us that a change to your account at {{productName}} was not yours. {{undone}} Every session has ended ({{sessionsEnded}}).</p>',
      '<p>Nobody can sign in with the current password any more. Choose a new one now:</p>',
      button('{{resetLink}}', 'Choose a new password'),
      '<p>The link is valid for one hour. After that, ask for a new one under “Forgot password?” on the sign-in page.</p>',
    ]),
  });
