import ejs from 'ejs';
import type { Locale } from '../../core/mail.js';
import { changeText, undoneText, when } from './factor-changes.texts.js';
import type { UndoLinkView, UndoResult } from './factor-changes.types.js';

/**
 * The pages behind a factor notice's "this wasn't me" link. Opened from a mail client by someone
 * who may have no session left, so the server answers plain HTML in the mail's language (the link
 * carries it) instead of the dashboard. The GET page changes nothing — mail scanners and link
 * previews follow links — and asks for one click, a form POST to the same URL. No scripts, so the
 * Content-Security-Policy holds; every value is escaped by ejs (`<%= %>`).
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
button{padding:12px 24px;border:0;border-radius:6px;background:#dc2626;color:#fff;font-weight:600;font-size:15px;cursor:pointer}
a{color:#2563eb}
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
<% } %><p><a href="<%= dashboardUrl %>"><%= dashboardLabel %></a></p>
</main>
</body>
</html>`,
);

const TEXTS = {
  de: {
    title: 'Das war ich nicht',
    dashboard: 'Zum Dashboard',
    button: 'Änderung rückgängig machen und Konto sichern',
    asked: (change: string, at: string) => `Am ${at} wurde an Ihrem Konto geändert: ${change}.`,
    consequences:
      'Wenn Sie das nicht waren, machen wir die Änderung rückgängig, beenden alle Anmeldungen, widerrufen alle API-Tokens und sperren das bisherige Passwort. Sie bekommen sofort eine E-Mail mit einem Link, um ein neues Passwort festzulegen.',
    done: 'Ihr Konto ist gesichert',
    ended: (sessions: number, tokens: number) =>
      `Alle Anmeldungen sind beendet (${sessions}) und alle API-Tokens widerrufen (${tokens}). Mit dem bisherigen Passwort kann sich niemand mehr anmelden.`,
    mailed: 'Wir haben Ihnen eine E-Mail mit einem Link geschickt, um ein neues Passwort festzulegen.',
    invalid:
      'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Wenn jemand anderes Ihr Konto geändert hat, setzen Sie über „Passwort vergessen?“ ein neues Passwort.',
  },
  en: {
    title: 'This wasn’t me',
    dashboard: 'Open the dashboard',
    button: 'Undo the change and secure my account',
    asked: (change: string, at: string) => `On ${at} your account changed: ${change}.`,
    consequences:
      'If this was not you, we undo the change, end every session, revoke every API token and block the current password. You get an e-mail right away with a link to choose a new password.',
    done: 'Your account is secured',
    ended: (sessions: number, tokens: number) =>
      `Every session has ended (${sessions}) and every API token is revoked (${tokens}). Nobody can sign in with the current password any more.`,
    mailed: 'We have sent you an e-mail with a link to choose a new password.',
    invalid:
      'This link is invalid, has expired or has already been used. If someone else changed your account, choose a new password under “Forgot password?”.',
  },
} as const;

interface Page {
  title: string;
  paragraphs: string[];
  token?: string;
}

function render(locale: Locale, dashboardUrl: string, page: Page): string {
  const texts = TEXTS[locale];
  return renderPage({
    token: null,
    ...page,
    lang: locale,
    button: texts.button,
    dashboardUrl,
    dashboardLabel: texts.dashboard,
  });
}

export function undoConfirmationPage(
  view: UndoLinkView,
  token: string,
  locale: Locale,
  dashboardUrl: string,
) {
  const texts = TEXTS[locale];
  return render(locale, dashboardUrl, {
    title: texts.title,
    paragraphs: [
      texts.asked(
        changeText({ kind: view.kind, name: view.name ?? undefined }, locale),
        when(view.changed_at, locale),
      ),
      texts.consequences,
    ],
    token,
  });
}

export function undonePage(result: UndoResult, locale: Locale, dashboardUrl: string) {
  const texts = TEXTS[locale];
  return render(locale, dashboardUrl, {
    title: texts.done,
    paragraphs: [
      undoneText({ kind: result.kind, name: result.name ?? undefined }, result.factor_removed, locale),
      texts.ended(result.sessions_ended, result.api_tokens_revoked),
      texts.mailed,
    ],
  });
}

export function undoErrorPage(locale: Locale, dashboardUrl: string) {
  const texts = TEXTS[locale];
  return render(locale, dashboardUrl, { title: texts.title, paragraphs: [texts.invalid] });
}
