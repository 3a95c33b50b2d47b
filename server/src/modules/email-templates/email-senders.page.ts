import { renderLinkPage } from '../../lib/link-page.js';
import type { Locale } from '../../core/mail.js';
import type { SenderLinkView } from './email-templates.schemas.js';

/**
 * The pages behind the sender verification link. Whoever reads that mailbox may never have heard
 * of us: German, the product's language, unless their browser prefers English.
 */
const TEXTS = {
  de: {
    title: 'Absender bestätigen',
    ask: (v: SenderLinkView) =>
      `Ein Admin der Organisation „${v.organization_name}“ möchte E-Mails der Anwendung „${v.application_name}“ mit ${v.address} als Absender verschicken.`,
    hint: 'Bestätigen Sie nur, wenn Sie diese Adresse verwalten und das erlauben. Ohne Bestätigung wird nie in ihrem Namen gesendet.',
    button: 'Absender bestätigen',
    done: (v: SenderLinkView) =>
      `${v.address} ist jetzt ein bestätigter Absender der Anwendung „${v.application_name}“ (Organisation „${v.organization_name}“).`,
    invalid:
      'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Ein Admin kann in den E-Mail-Einstellungen einen neuen senden.',
  },
  en: {
    title: 'Confirm the sender',
    ask: (v: SenderLinkView) =>
      `An admin of the organization “${v.organization_name}” wants to send the e-mails of the application “${v.application_name}” with ${v.address} as sender.`,
    hint: 'Confirm only if you manage this address and allow this. Nothing is ever sent in its name without the confirmation.',
    button: 'Confirm the sender',
    done: (v: SenderLinkView) =>
      `${v.address} is now a verified sender of the application “${v.application_name}” (organization “${v.organization_name}”).`,
    invalid:
      'This link is invalid, expired or already used. An admin can send a new one from the e-mail settings.',
  },
} as const;

function render(locale: Locale, paragraphs: string[], token: string | null = null): string {
  const texts = TEXTS[locale];
  return renderLinkPage({
    lang: locale,
    title: texts.title,
    paragraphs,
    token,
    button: { label: texts.button, tone: 'confirm' },
  });
}

export const senderPages = {
  confirm: (locale: Locale, view: SenderLinkView, token: string) =>
    render(locale, [TEXTS[locale].ask(view), TEXTS[locale].hint], token),
  confirmed: (locale: Locale, view: SenderLinkView) => render(locale, [TEXTS[locale].done(view)]),
  invalid: (locale: Locale) => render(locale, [TEXTS[locale].invalid]),
};
