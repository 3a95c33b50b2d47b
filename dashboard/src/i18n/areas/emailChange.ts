/**
 * Texts of changing the account's e-mail address: the section on the dashboard's security page and
 * the hosted account page, and the page the confirmation link leads to (/auth?mode=confirm-email,
 * /p/{project}/account?mode=confirm-email).
 */
export const de = {
  'emailChange.title': 'E-Mail-Adresse ändern',
  'emailChange.current': 'Aktuelle Adresse: {email}',
  'emailChange.intro':
    'Wir schicken einen Link an die neue Adresse; erst wenn Sie ihn öffnen, gilt sie für die Anmeldung. Ihre bisherige Adresse erhält einen Hinweis. Mit der Änderung enden Ihre Anmeldungen auf anderen Geräten.',
  'emailChange.newEmail': 'Neue E-Mail-Adresse',
  'emailChange.submit': 'Bestätigungslink senden',
  'emailChange.sending': 'Wird gesendet …',
  'emailChange.invalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'emailChange.same': 'Das ist bereits die Adresse Ihres Kontos.',
  'emailChange.failed': 'E-Mail-Adresse konnte nicht geändert werden',
  'emailChange.sent':
    'Wir haben einen Link an {email} geschickt, falls die Adresse verwendet werden kann. Öffnen Sie ihn innerhalb einer Stunde, um die Änderung abzuschließen.',
  'emailChange.confirm.title': 'Neue E-Mail-Adresse bestätigen',
  'emailChange.confirm.pending': 'Die neue Adresse wird bestätigt …',
  'emailChange.confirm.doneTitle': 'E-Mail-Adresse geändert',
  'emailChange.confirm.done':
    'Ihr Konto verwendet jetzt die Adresse {email}. Melden Sie sich künftig mit ihr an; Ihre Anmeldungen auf anderen Geräten wurden beendet.',
  'emailChange.confirm.failed': 'Die neue Adresse konnte nicht bestätigt werden',
  'emailChange.confirm.noToken': 'Dem Link fehlt der Bestätigungscode. Öffnen Sie ihn direkt aus der E-Mail.',
  'emailChange.confirm.toAccount': 'Zu Ihrem Konto',
  'emailChange.confirm.toSecurity': 'Zu den Sicherheitseinstellungen',
} as const;
