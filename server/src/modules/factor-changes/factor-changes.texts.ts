import { LOCALES, type Locale } from '../../core/mail.js';
import type { SecondFactorChange, SecondFactorSummary } from '../../core/second-factor.js';

/*
 * The words the factor mails and pages fill in, in each mail language: the mail module picks the
 * language (the person's choice), so every value is given in both (SendTemplateInput.localizedData).
 */

/** One value per mail language. */
export const byLocale = <T>(make: (locale: Locale) => T) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;

const DATE_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** A moment as the mails write it: the date and time in UTC, which every reader can place. */
export function when(at: Date, locale: Locale): string {
  const format = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(at)} UTC`;
}

const quoted = (name: string, locale: Locale) => (locale === 'de' ? `„${name}“` : `“${name}”`);

/** What changed, completing "… has just changed: ___." */
export function changeText(change: Pick<SecondFactorChange, 'kind' | 'name'>, locale: Locale): string {
  const name = change.name ? ` ${quoted(change.name, locale)}` : '';
  const de: Record<SecondFactorChange['kind'], string> = {
    passkey_added: `der Passkey${name} wurde hinzugefügt`,
    passkey_removed: 'ein Passkey wurde entfernt',
    totp_enabled: 'die Authenticator-App (TOTP) wurde eingerichtet',
    totp_disabled: 'die Authenticator-App (TOTP) wurde deaktiviert',
    recovery_codes_regenerated: 'es wurden neue Wiederherstellungscodes erzeugt',
  };
  const en: Record<SecondFactorChange['kind'], string> = {
    passkey_added: `the passkey${name} was added`,
    passkey_removed: 'a passkey was removed',
    totp_enabled: 'the authenticator app (TOTP) was set up',
    totp_disabled: 'the authenticator app (TOTP) was turned off',
    recovery_codes_regenerated: 'new recovery codes were generated',
  };
  return (locale === 'de' ? de : en)[change.kind];
}

/** One sentence on what the undo did to the factor itself. */
export function undoneText(
  change: Pick<SecondFactorChange, 'kind' | 'name'>,
  removed: boolean,
  locale: Locale,
): string {
  const de = locale === 'de';
  if (change.kind === 'passkey_removed' || change.kind === 'totp_disabled')
    return de
      ? 'Ein entfernter Faktor lässt sich nicht zurückholen: Richten Sie ihn nach dem neuen Passwort in den Sicherheitseinstellungen neu ein.'
      : 'A removed factor cannot be brought back: set it up again in the security settings after choosing the new password.';
  if (!removed)
    return de
      ? 'Der geänderte Faktor war inzwischen schon entfernt.'
      : 'The factor concerned had already been removed.';
  const name = change.name ? ` ${quoted(change.name, locale)}` : '';
  if (change.kind === 'passkey_added')
    return de ? `Wir haben den Passkey${name} entfernt.` : `We have removed the passkey${name}.`;
  if (change.kind === 'totp_enabled')
    return de ? 'Wir haben die Authenticator-App entfernt.' : 'We have removed the authenticator app.';
  return de
    ? 'Die neuen Wiederherstellungscodes gelten nicht mehr.'
    : 'The new recovery codes no longer work.';
}

/** The factor list of the reset mail, one line each (or "none"). */
export function factorLines(factors: SecondFactorSummary[], locale: Locale): string {
  const de = locale === 'de';
  if (factors.length === 0) return de ? 'keine' : 'none';
  return factors
    .map((factor) => {
      const what =
        factor.type === 'totp'
          ? de
            ? 'Authenticator-App (TOTP)'
            : 'Authenticator app (TOTP)'
          : `Passkey ${quoted(factor.name, locale)}`;
      const added = de
        ? `hinzugefügt am ${when(factor.added_at, locale)}`
        : `added ${when(factor.added_at, locale)}`;
      const recent = factor.recent
        ? de
          ? ' – neu in den letzten 24 Stunden'
          : ' – new in the last 24 hours'
        : '';
      return `• ${what}, ${added}${recent}`;
    })
    .join('\n');
}
