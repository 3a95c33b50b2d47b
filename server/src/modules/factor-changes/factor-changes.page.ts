import { renderLinkPage } from '../../lib/link-page.js';
import type { Locale } from '../../core/mail.js';
import { changeText, undoneText, when } from './factor-changes.texts.js';
import type { UndoLinkView, UndoResult } from './factor-changes.types.js';

/** The pages behind a factor notice's "this wasn't me" link, in the mail's language. */
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
  return renderLinkPage({
    ...page,
    lang: locale,
    button: { label: texts.button, tone: 'danger' },
    link: { href: dashboardUrl, label: texts.dashboard },
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
