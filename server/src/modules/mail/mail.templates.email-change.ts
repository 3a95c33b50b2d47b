import type { SystemTemplateName } from '../../core/mail.js';
import { button, defineTemplate, type MailTemplate } from './mail.template-parts.js';

/**
 * The mails of changing an account's e-mail address (POST /auth/me/email, auth/email-change.ts):
 * the link to the new address, the notice to the old one, what the new address gets when it
 * already has an account in the pool, and the notice once the address has changed. Security
 * notices, sent from code (applications cannot edit them); their words fit a dashboard account
 * and a project pool's end user alike: `{{productName}}` is the pool's brand for an end user, and
 * every link is given by the sender (the pool's hosted pages, or the dashboard's).
 * `{{newEmail}}` is the new address masked (`n***@example.org`).
 */
type EmailChangeTemplateName = Extract<
  SystemTemplateName,
  'email_change' | 'email_change_requested' | 'email_change_taken' | 'email_changed'
>;

export const EMAIL_CHANGE_TEMPLATES: Readonly<Record<EmailChangeTemplateName, MailTemplate>> = Object.freeze({
  email_change: defineTemplate('Bitte bestätigen Sie Ihre neue E-Mail-Adresse', [
    '<p>Hallo {{name}},</p>',
    '<p>Sie möchten die E-Mail-Adresse Ihres Kontos bei {{productName}} in diese Adresse ändern. Bestätigen Sie das über die folgende Schaltfläche; erst dann gilt die neue Adresse für die Anmeldung.</p>',
    button('{{confirmLink}}', 'Neue Adresse bestätigen'),
    '<p>Der Link ist eine Stunde gültig und kann einmal verwendet werden. Mit der Änderung enden Ihre Anmeldungen auf anderen Geräten.</p>',
    '<p>Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail. Ohne Bestätigung ändert sich nichts.</p>',
  ]),
  email_change_requested: defineTemplate('Sicherheitshinweis: Änderung Ihrer E-Mail-Adresse angefordert', [
    '<p>Hallo {{name}},</p>',
    '<p>soeben hat jemand angefordert, die E-Mail-Adresse Ihres Kontos bei {{productName}} in {{newEmail}} zu ändern. Die Änderung gilt erst, wenn sie über den Link an die neue Adresse bestätigt wird.</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun.</p>',
    '<p>Wenn Sie das nicht waren, kennt vermutlich jemand Ihr Passwort. Setzen Sie es sofort zurück: Das beendet alle Anmeldungen, und die angeforderte Änderung verfällt.</p>',
    button('{{resetLink}}', 'Passwort zurücksetzen'),
  ]),
  email_change_taken: defineTemplate('Ihre E-Mail-Adresse sollte einem anderen Konto zugeordnet werden', [
    '<p>Hallo {{name}},</p>',
    '<p>soeben hat jemand angefordert, die E-Mail-Adresse eines anderen Kontos bei {{productName}} in diese Adresse zu ändern. Für diese Adresse besteht dort aber bereits ein Konto – Ihres. Wir haben nichts geändert.</p>',
    '<p>Wenn Sie das waren, melden Sie sich einfach mit diesem Konto an:</p>',
    button('{{signInUrl}}', 'Anmelden'),
    '<p>Wenn Sie es nicht waren, können Sie diese E-Mail ignorieren. An Ihrem Konto wurde nichts geändert.</p>',
  ]),
  email_changed: defineTemplate('Die E-Mail-Adresse Ihres Kontos wurde geändert', [
    '<p>Hallo {{name}},</p>',
    '<p>die E-Mail-Adresse Ihres Kontos bei {{productName}} ist jetzt {{newEmail}}; die neue Adresse wurde über den Link in einer E-Mail an sie bestätigt. An diese Adresse schreiben wir Ihnen nicht mehr, und die Anmeldung mit ihr ist nicht mehr möglich. Ihre Anmeldungen auf anderen Geräten wurden beendet.</p>',
    '<p>Wenn Sie das waren, ist nichts weiter zu tun.</p>',
    '<p>Wenn Sie das nicht waren, antworten Sie nicht auf diese E-Mail, sondern wenden Sie sich umgehend an den Support von {{productName}}.</p>',
  ]),
});

export const EMAIL_CHANGE_TEMPLATES_EN: Readonly<Record<EmailChangeTemplateName, MailTemplate>> =
  Object.freeze({
    email_change: defineTemplate('Please confirm your new e-mail address', [
      '<p>Hello {{name}},</p>',
      '<p>you want to change the e-mail address of your account at {{productName}} to this address. Confirm it with the button below; only then does the new address count for signing in.</p>',
      button('{{confirmLink}}', 'Confirm the new address'),
      '<p>The link is valid for one hour and can be used once. The change ends your sessions on other devices.</p>',
      '<p>If you did not ask for this, ignore this e-mail. Nothing changes without the confirmation.</p>',
    ]),
    email_change_requested: defineTemplate('Security notice: a change of your e-mail address was requested', [
      '<p>Hello {{name}},</p>',
      '<p>someone just asked to change the e-mail address of your account at {{productName}} to {{newEmail}}. The change only takes effect once it is confirmed through the link sent to the new address.</p>',
      '<p>If this was you, there is nothing more to do.</p>',
      '<p>If this was not you, someone probably knows your password. Reset it right away: that ends every session, and the requested change lapses.</p>',
      button('{{resetLink}}', 'Reset password'),
    ]),
    email_change_taken: defineTemplate('Someone tried to move your e-mail address to another account', [
      '<p>Hello {{name}},</p>',
      '<p>someone just asked to change the e-mail address of another account at {{productName}} to this address. There already is an account for this address there – yours. We changed nothing.</p>',
      '<p>If this was you, simply sign in with this account:</p>',
      button('{{signInUrl}}', 'Sign in'),
      '<p>If this was not you, you can ignore this e-mail. Nothing has changed on your account.</p>',
    ]),
    email_changed: defineTemplate('The e-mail address of your account has been changed', [
      '<p>Hello {{name}},</p>',
      '<p>the e-mail address of your account at {{productName}} is now {{newEmail}}; the new address was confirmed through the link in an e-mail sent to it. We no longer write to this address, and it can no longer be used to sign in. Your sessions on other devices have been ended.</p>',
      '<p>If this was you, there is nothing more to do.</p>',
      '<p>If this was not you, do not reply to this e-mail, but contact the support of {{productName}} at once.</p>',
    ]),
  });
