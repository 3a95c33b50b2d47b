/**
 * The dialog's texts (SPEC.md §5: English in the dialog, German where the page asks for it).
 * `{0}` is replaced by the one value a text takes (an e-mail address, an origin, a wait).
 */
const en = {
  signIn: 'Sign in',
  signUp: 'Sign up',
  titleLogin: 'Sign in',
  titleRegister: 'Create account',
  titleForgot: 'Reset password',
  titlePending: 'Confirm your e-mail',
  titleSuccess: 'Signed in',
  tabs: 'Authentication mode',
  tabLogin: 'Login',
  tabRegister: 'Register',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  displayName: 'Display name (optional)',
  forgot: 'Forgot password?',
  sendReset: 'Send reset link',
  back: 'Back to sign in',
  close: 'Close',
  signOut: 'Sign out',
  resend: 'Resend confirmation e-mail',
  resent: 'We have sent a new confirmation link.',
  resetSent:
    'If an account exists for {0}, we have sent a link to reset the password. It is valid for one hour.',
  pending: 'We have sent a confirmation link to {0}. Open it, then sign in here.',
  signedInAs: 'Signed in as {0}',
  required: 'Email and password are required',
  emailRequired: 'Email required. Please enter your email address.',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  resetFailed: 'Failed to send reset email',
  invalidCredentials: 'Invalid e-mail or password.',
  notConfirmed: 'Please confirm your e-mail address first. We have sent you a link.',
  locked: 'Too many failed sign-in attempts. Try again in {0} or reset your password.',
  rateLimited: 'Too many attempts. Please try again in {0}.',
  network: 'The sign-in service cannot be reached. Check your connection and try again.',
  origin:
    'This site ({0}) may not use this application’s sign-in. Add {0} to the allowed origins of the application in the IAM Platform dashboard.',
  unknownApp: 'No active application has this application ID. Check the ID shown in the dashboard.',
  titleMfa: 'Two-factor sign-in',
  mfaIntro: 'Enter the 6-digit code from your authenticator app.',
  recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
  code: 'Code',
  recoveryCode: 'Recovery code',
  verify: 'Verify',
  useRecovery: 'Use a recovery code',
  useCode: 'Use the code from the app',
  usePasskey: 'Use a passkey',
  passkeyIntro: 'Confirm the sign-in with your passkey.',
  codeRequired: 'Please enter the 6-digit code.',
  recoveryRequired: 'Please enter a recovery code.',
  invalidCode: 'The code is not correct or was already used. Enter the current code from your app.',
  invalidRecovery: 'The recovery code is not correct or was already used.',
  mfaExpired: 'The sign-in has expired. Please sign in again.',
  passkeyCancelled: 'The passkey was not confirmed. Try again or enter the code.',
  passkeyUnavailable:
    'A passkey cannot be used for this account on this site. Enter the code from your authenticator app.',
  passkeyRefused: 'The passkey could not be verified. Try again or enter the code.',
  passkeyOnlyElsewhere:
    'Your account confirms sign-ins with a passkey, which cannot be used on this site. Set up an authenticator app in your account as well to sign in here.',
  completing: 'Completing the sign-in …',
  hostedExpired: 'The sign-in has expired or was already completed. Please sign in again.',
  hostedFailed: 'The sign-in was not completed. Please try again.',
  // The user pool's rules (docs/user-pools.md), same wording as the server's messages.
  blocked:
    'This account has been blocked by the operator of this application. Contact its support to have it unblocked.',
  signupClosed:
    'This application does not take new sign-ups. Ask its operator for an invitation, or sign in with an existing account.',
  methodDisabled: 'This sign-in method is turned off for this application. Use one of the methods it offers.',
  passwordTooCommon:
    'This password is too common: it appears in lists of leaked passwords that attackers try first. Choose another one.',
  enrollmentRequired:
    'This application requires a second factor. Set up an authenticator app or a passkey on your account page, then sign in again.',
  hostedNotConfigured: 'The sign-in is not set up on this page (project-id is missing).',
  hostedUnavailable: 'The sign-in needs a secure (https) page.',
  originRefusedTitle: 'This site may not use this sign-in yet',
  originRefused:
    'Add {0} to the allowed origins (Dashboard → Projects → your project → the application → Allowed origins), then reload.',
};

export type Messages = typeof en;
export type MessageKey = keyof Messages;

const de: Messages = {
  signIn: 'Anmelden',
  signUp: 'Registrieren',
  titleLogin: 'Anmelden',
  titleRegister: 'Konto erstellen',
  titleForgot: 'Passwort zurücksetzen',
  titlePending: 'E-Mail bestätigen',
  titleSuccess: 'Erfolgreich angemeldet',
  tabs: 'Anmeldeart',
  tabLogin: 'Anmelden',
  tabRegister: 'Registrieren',
  email: 'E-Mail',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  displayName: 'Anzeigename (optional)',
  forgot: 'Passwort vergessen?',
  sendReset: 'Link zum Zurücksetzen senden',
  back: 'Zurück zur Anmeldung',
  close: 'Schließen',
  signOut: 'Abmelden',
  resend: 'Bestätigungs-E-Mail erneut senden',
  resent: 'Wir haben einen neuen Bestätigungslink gesendet.',
  resetSent:
    'Falls ein Konto für {0} existiert, haben wir einen Link zum Zurücksetzen gesendet. Er ist eine Stunde gültig.',
  pending:
    'Wir haben einen Bestätigungslink an {0} gesendet. Öffnen Sie ihn und melden Sie sich dann hier an.',
  signedInAs: 'Angemeldet als {0}',
  required: 'E-Mail und Passwort sind erforderlich',
  emailRequired: 'E-Mail erforderlich. Bitte geben Sie Ihre E-Mail-Adresse ein.',
  passwordTooShort: 'Passwort muss mindestens 6 Zeichen lang sein',
  passwordsDoNotMatch: 'Passwörter stimmen nicht überein',
  loginFailed: 'Anmeldung fehlgeschlagen',
  registrationFailed: 'Registrierung fehlgeschlagen',
  resetFailed: 'Fehler beim Zurücksetzen',
  invalidCredentials: 'E-Mail oder Passwort ist falsch.',
  notConfirmed: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen einen Link gesendet.',
  locked:
    'Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in {0} erneut oder setzen Sie Ihr Passwort zurück.',
  rateLimited: 'Zu viele Versuche. Bitte versuchen Sie es in {0} erneut.',
  network: 'Der Anmeldedienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  origin:
    'Diese Website ({0}) darf die Anmeldung dieser Anwendung nicht verwenden. Tragen Sie {0} im IAM-Platform-Dashboard bei den erlaubten Origins der Anwendung ein.',
  unknownApp: 'Keine aktive Anwendung hat diese Application-ID. Prüfen Sie die im Dashboard angezeigte ID.',
  titleMfa: 'Zwei-Faktor-Anmeldung',
  mfaIntro: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  recoveryIntro:
    'Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einrichten der Zwei-Faktor-Anmeldung gespeichert haben.',
  code: 'Code',
  recoveryCode: 'Wiederherstellungscode',
  verify: 'Bestätigen',
  useRecovery: 'Wiederherstellungscode verwenden',
  useCode: 'Code aus der App verwenden',
  usePasskey: 'Passkey verwenden',
  passkeyIntro: 'Bestätigen Sie die Anmeldung mit Ihrem Passkey.',
  codeRequired: 'Bitte geben Sie den 6-stelligen Code ein.',
  recoveryRequired: 'Bitte geben Sie einen Wiederherstellungscode ein.',
  invalidCode:
    'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer App ein.',
  invalidRecovery: 'Der Wiederherstellungscode ist falsch oder wurde bereits verwendet.',
  mfaExpired: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  passkeyCancelled: 'Der Passkey wurde nicht bestätigt. Versuchen Sie es erneut oder geben Sie den Code ein.',
  passkeyUnavailable:
    'Auf dieser Website kann für dieses Konto kein Passkey verwendet werden. Geben Sie den Code aus Ihrer Authenticator-App ein.',
  passkeyRefused:
    'Der Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder geben Sie den Code ein.',
  passkeyOnlyElsewhere:
    'Ihr Konto bestätigt Anmeldungen mit einem Passkey, der auf dieser Website nicht verwendet werden kann. Richten Sie in Ihrem Konto zusätzlich eine Authenticator-App ein, um sich hier anzumelden.',
  completing: 'Anmeldung wird abgeschlossen …',
  hostedExpired:
    'Die Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte melden Sie sich erneut an.',
  hostedFailed: 'Die Anmeldung wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.',
  blocked:
    'Dieses Konto wurde vom Betreiber der Anwendung gesperrt. Wenden Sie sich an dessen Support, um es entsperren zu lassen.',
  signupClosed:
    'Diese Anwendung nimmt keine neuen Registrierungen an. Bitten Sie ihren Betreiber um eine Einladung oder melden Sie sich mit einem bestehenden Konto an.',
  methodDisabled:
    'Diese Anmeldemethode ist für diese Anwendung ausgeschaltet. Bitte verwenden Sie eine der angebotenen Methoden.',
  passwordTooCommon:
    'Dieses Passwort ist zu verbreitet: Es steht in Listen geleakter Passwörter, die Angreifer zuerst ausprobieren. Bitte wählen Sie ein anderes.',
  enrollmentRequired:
    'Diese Anwendung verlangt einen zweiten Faktor. Richten Sie auf Ihrer Kontoseite eine Authenticator-App oder einen Passkey ein und melden Sie sich dann erneut an.',
  hostedNotConfigured: 'Die Anmeldung ist auf dieser Seite nicht eingerichtet (project-id fehlt).',
  hostedUnavailable: 'Die Anmeldung braucht eine sichere (https-)Seite.',
  originRefusedTitle: 'Diese Website darf diese Anmeldung noch nicht nutzen',
  originRefused:
    'Tragen Sie {0} bei den erlaubten Origins ein (Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins) und laden Sie neu.',
};

export type Locale = 'de' | 'en';

/** `auto` (or anything else) follows the browser's preferred language. */
export function resolveLocale(locale: string | null | undefined): Locale {
  if (locale === 'de' || locale === 'en') return locale;
  return /^de\b/i.test(globalThis.navigator?.language ?? '') ? 'de' : 'en';
}

export const catalogs: Record<Locale, Messages> = { en, de };

export const format = (text: string, value = '') => text.replaceAll('{0}', value);
