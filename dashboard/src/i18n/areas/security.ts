/**
 * Texts of two-factor sign-in: the account's security page (/account/security), the second
 * sign-in step on /auth and the organization's two-factor policy in its settings.
 */
export const de = {
  'security.nav': 'Sicherheit',
  'security.title': 'Sicherheit',
  'security.intro': 'Schützen Sie Ihre Anmeldung mit einem zweiten Faktor.',
  'security.policy.title': 'Zwei-Faktor-Anmeldung erforderlich',
  'security.policy.text':
    'Ihre Organisation {organizations} verlangt die Zwei-Faktor-Anmeldung. Richten Sie unten eine Authenticator-App ein, um das Dashboard weiter zu verwenden.',

  'security.totp.title': 'Authenticator-App',
  'security.totp.description':
    'Bei der Anmeldung fragen wir nach dem Passwort zusätzlich nach einem 6-stelligen Code aus einer Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator, 1Password).',
  'security.status.active': 'aktiv',
  'security.status.inactive': 'nicht eingerichtet',
  'security.totp.start': 'Authenticator-App einrichten',
  'security.totp.starting': 'Wird vorbereitet …',
  'security.totp.startFailed': 'Einrichtung konnte nicht gestartet werden',
  'security.totp.steps': 'Einrichtung der Authenticator-App',
  'security.totp.scan': '1. Scannen Sie den QR-Code mit Ihrer Authenticator-App.',
  'security.totp.qrAlt': 'QR-Code zum Einrichten der Authenticator-App',
  'security.totp.manual': 'Scannen nicht möglich? Geben Sie diesen Schlüssel von Hand ein:',
  'security.totp.copySecret': 'Schlüssel kopieren',
  'security.totp.openApp': 'Auf diesem Gerät in der Authenticator-App öffnen',
  'security.totp.otpauth': 'Einrichtungslink (otpauth://)',
  'security.totp.enterCode': '2. Geben Sie den 6-stelligen Code ein, den die App jetzt anzeigt.',
  'security.totp.confirm': 'Aktivieren',
  'security.totp.confirming': 'Wird geprüft …',
  'security.totp.enabled': 'Zwei-Faktor-Anmeldung aktiviert',
  'security.totp.enabledText': 'Ab der nächsten Anmeldung fragen wir nach einem Code.',
  'security.totp.enableFailed': 'Aktivierung fehlgeschlagen',
  'security.totp.activeText': 'Bei jeder Anmeldung mit Passwort fragen wir nach einem Code aus Ihrer App.',
  'security.totp.disable': 'Deaktivieren',
  'security.totp.disabled': 'Zwei-Faktor-Anmeldung deaktiviert',
  'security.code': 'Code aus der Authenticator-App',
  'security.codeRequired': 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',

  'security.recovery.title': 'Wiederherstellungscodes',
  'security.recovery.onlyNow': 'Nur jetzt sichtbar',
  'security.recovery.warning':
    'Diese Codes werden nur jetzt angezeigt. Speichern Sie sie an einem sicheren Ort: Mit jedem Code können Sie sich genau einmal anmelden, wenn Sie keinen Zugriff auf Ihre Authenticator-App haben.',
  'security.recovery.list': 'Ihre Wiederherstellungscodes',
  'security.recovery.copy': 'Codes kopieren',
  'security.recovery.download': 'Als .txt herunterladen',
  'security.recovery.fileTitle': 'IAM Platform – Wiederherstellungscodes für {email}',
  'security.recovery.fileNote': 'Jeder Code funktioniert genau einmal. Erstellt am {date}.',
  'security.recovery.done': 'Ich habe die Codes gespeichert',
  'security.recovery.left': 'Noch {count} von 10 Wiederherstellungscodes übrig.',
  'security.recovery.low': 'Nur noch wenige Wiederherstellungscodes übrig – erstellen Sie neue.',
  'security.recovery.regenerate': 'Neue Wiederherstellungscodes',
  'security.recovery.regenerated': 'Neue Wiederherstellungscodes erstellt',

  'security.delete.title': 'Konto löschen',
  'security.delete.description':
    'Löscht Ihr Konto mit Profil, Sitzungen, API-Tokens und Mitgliedschaften; Protokolleinträge werden anonymisiert. Exportieren Sie vorher Ihre Daten, wenn Sie sie behalten möchten (Profilmenü).',
  'security.delete.open': 'Konto löschen …',
  'security.delete.warning': 'Das kann nicht rückgängig gemacht werden.',
  'security.delete.submit': 'Konto endgültig löschen',
  'security.delete.noPassword':
    'Ihr Konto hat kein Passwort (Anmeldung mit Google oder Passkey)? Dann bestätigen Sie die Löschung über einen Link, den wir Ihnen per E-Mail schicken.',
  'security.delete.mailLink': 'Löschlink per E-Mail anfordern',
  'security.delete.linkSent': 'Löschlink gesendet',
  'security.delete.linkSentText': 'Wir haben einen Link an {email} geschickt. Er gilt 30 Minuten.',
  'security.delete.done': 'Ihr Konto wurde gelöscht.',
  'security.proof.disableTitle': 'Zwei-Faktor-Anmeldung deaktivieren',
  'security.proof.regenerateTitle': 'Neue Wiederherstellungscodes erstellen',
  'security.proof.description':
    'Bestätigen Sie mit Ihrem Passwort oder einem aktuellen Code aus der Authenticator-App.',
  'security.proof.regenerateHint': 'Die bisherigen Wiederherstellungscodes funktionieren danach nicht mehr.',
  'security.proof.password': 'Passwort',
  'security.proof.useCode': 'Stattdessen Code aus der App verwenden',
  'security.proof.usePassword': 'Stattdessen Passwort verwenden',
  'security.proof.passwordRequired': 'Bitte geben Sie Ihr Passwort ein.',
  'security.proof.disableSubmit': 'Zwei-Faktor-Anmeldung deaktivieren',
  'security.proof.regenerateSubmit': 'Neue Codes erstellen',
  'security.proof.working': 'Wird geprüft …',

  'security.passkeys.title': 'Passkeys',

  'auth.mfa.title': 'Bestätigung in zwei Schritten',
  'auth.mfa.introPasskey': 'Bestätigen Sie die Anmeldung mit Ihrem Passkey.',
  'auth.mfa.intro': 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  'auth.mfa.introRecovery':
    'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code funktioniert nur einmal.',
  'auth.mfa.recoveryCode': 'Wiederherstellungscode',
  'auth.mfa.recoveryRequired': 'Bitte geben Sie einen Wiederherstellungscode ein.',
  'auth.mfa.useRecovery': 'Wiederherstellungscode verwenden',
  'auth.mfa.useCode': 'Code aus der App verwenden',
  'auth.mfa.usePasskey': 'Passkey verwenden',
  'auth.mfa.submit': 'Bestätigen',
  'auth.mfa.submitting': 'Wird geprüft …',
  'auth.mfa.back': 'Zurück zur Anmeldung',
  'auth.mfa.failed': 'Bestätigung fehlgeschlagen',
  'auth.passkey.signIn': 'Mit Passkey anmelden',
  'auth.passkey.failed': 'Anmeldung mit Passkey fehlgeschlagen',

  'organizations.twoFactor.title': 'Zwei-Faktor-Anmeldung',
  'organizations.twoFactor.label': 'Zwei-Faktor-Anmeldung für alle Mitglieder verlangen',
  'organizations.twoFactor.hint':
    'Mitglieder ohne zweiten Faktor werden bei ihrer nächsten Anmeldung gebeten, eine Authenticator-App einzurichten, bevor sie das Dashboard weiter verwenden.',
  'organizations.twoFactor.selfHint':
    'Sie selbst haben noch keinen zweiten Faktor: Auch Sie werden bei der nächsten Anmeldung gebeten, einen einzurichten.',
  'organizations.twoFactor.required': 'Verlangt',
  'organizations.twoFactor.optional': 'Freiwillig',
  'organizations.twoFactor.nowRequired': 'Zwei-Faktor-Anmeldung ist jetzt Pflicht',
  'organizations.twoFactor.nowOptional': 'Zwei-Faktor-Anmeldung ist nicht mehr Pflicht',
  // The reset screen (/auth?mode=reset): the account's second factors before the new password.
  'auth.reset.factors.title': 'Zweite Faktoren Ihres Kontos',
  'auth.reset.factors.text':
    'Prüfen Sie die Liste. Was in den letzten 24 Stunden hinzugekommen ist, entfernen wir beim Zurücksetzen – es sei denn, Sie behalten es ausdrücklich.',
  'auth.reset.factors.none': 'Ihr Konto hat keinen zweiten Faktor.',
  'auth.reset.factors.totp': 'Authenticator-App (TOTP)',
  'auth.reset.factors.passkey': 'Passkey „{name}“',
  'auth.reset.factors.added': 'Hinzugefügt am {date}',
  'auth.reset.factors.recent': 'neu in den letzten 24 Stunden',
  'auth.reset.factors.keep': 'Das war ich – behalten',
} as const;
