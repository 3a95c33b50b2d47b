import ejs from 'ejs';
import type { Locale } from '../../core/mail.js';
import type { SenderLinkView } from './email-templates.schemas.js';

/**
 * The pages behind the sender verification link. Whoever reads that mailbox may never have heard
 * of us, so the server answers plain HTML in their browser's language (German, the product's
 * language, unless English is preferred). The GET page changes nothing — mail scanners and link
 * previews follow links — and asks for one click, a form POST to the same URL. No scripts, so the
 * default Content-Security-Policy holds; every value is escaped by ejs (`<%= %>`).
 */
const renderPage = ejs.compile(
  `<!doctype html>
<html lang="<%= lang %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title><%= title %> – IAM Platform</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f5f7;color:#111827}
main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;line-height:1.5}
h1{font-size:20px;margin:0 0 16px}
button{padding:12px 24px;border:0;border-radius:6px;background:#2563eb;color:#fff;font-weight:600;font-size:15px;cursor:pointer}
</style>
</head>
<body>
<main>
<h1><%= title %></h1>
<% for (const paragraph of paragraphs) { %><p><%= paragraph %></p>
<% } %><% if (token) { %><form method="post" action="">
<input type="hidden" name="token" value="<%= token %>">
<button type="submit"><%= button %></button>
</form>
<% } %></main>
</body>
</html>`,
);

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
  return renderPage({ lang: locale, title: texts.title, paragraphs, token, button: texts.button });
}

export const senderPages = {
  confirm: (locale: Locale, view: SenderLinkView, token: string) =>
    render(locale, [TEXTS[locale].ask(view), TEXTS[locale].hint], token),
  confirmed: (locale: Locale, view: SenderLinkView) => render(locale, [TEXTS[locale].done(view)]),
  invalid: (locale: Locale) => render(locale, [TEXTS[locale].invalid]),
};
