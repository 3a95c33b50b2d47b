/** Texts of the step-up dialog: a sensitive change asks for a fresh proof of identity. */
export const de = {
  'stepUp.title': 'Bitte bestätigen Sie Ihre Identität',
  'stepUp.description':
    'Diese Änderung betrifft die Sicherheit Ihres Kontos. Ihre letzte Bestätigung liegt mehr als {minutes} Minuten zurück.',
  'stepUp.password': 'Passwort',
  'stepUp.code': 'Code aus der Authenticator-App oder Wiederherstellungscode',
  'stepUp.useCode': 'Stattdessen einen Code verwenden',
  'stepUp.usePassword': 'Stattdessen das Passwort verwenden',
  'stepUp.passkey': 'Mit Passkey bestätigen',
  'stepUp.passkeyWaiting': 'Warte auf Ihr Gerät …',
  'stepUp.submit': 'Bestätigen',
  'stepUp.checking': 'Wird geprüft …',
  'stepUp.passwordRequired': 'Bitte geben Sie Ihr Passwort ein.',
  'stepUp.codeRequired':
    'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
  'stepUp.wrongPassword': 'Das Passwort ist falsch.',
  'stepUp.noMethod':
    'Diese Änderung verlangt einen Passkey, den dieser Browser nicht verwenden kann. Öffnen Sie das Dashboard in einem aktuellen Browser über HTTPS.',
} as const;
