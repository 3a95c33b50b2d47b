/** Texts of the passkey section (account security page) and of signing in with a passkey. */
export const de = {
  'passkeys.title': 'Passkeys & Sicherheitsschlüssel',
  'passkeys.intro':
    'Melden Sie sich mit Fingerabdruck, Gesichtserkennung, der PIN Ihres Geräts oder einem Sicherheitsschlüssel an – als zweiten Schritt nach dem Passwort oder ganz ohne Passwort.',
  'passkeys.add': 'Passkey hinzufügen',
  'passkeys.adding': 'Warte auf Ihr Gerät …',
  'passkeys.empty': 'Noch keine Passkeys.',
  'passkeys.list': 'Ihre Passkeys',
  'passkeys.loadFailed': 'Die Passkeys konnten nicht geladen werden',
  'passkeys.retry': 'Erneut versuchen',
  'passkeys.created': 'Hinzugefügt am {date}',
  'passkeys.lastUsed': 'Zuletzt verwendet am {date}',
  'passkeys.neverUsed': 'Noch nicht verwendet',
  'passkeys.synced': 'Synchronisiert',
  'passkeys.rename': 'Umbenennen',
  'passkeys.rename.label': 'Passkey {name} umbenennen',
  'passkeys.remove': 'Entfernen',
  'passkeys.remove.label': 'Passkey {name} entfernen',
  'passkeys.unsupported':
    'Dieser Browser unterstützt keine Passkeys. Verwenden Sie einen aktuellen Browser über HTTPS.',

  'passkeys.addDialog.title': 'Passkey hinzufügen',
  'passkeys.addDialog.description':
    'Geben Sie dem Passkey einen Namen, an dem Sie ihn wiedererkennen. Danach fragt Ihr Browser nach Fingerabdruck, Gesicht, PIN oder Sicherheitsschlüssel.',
  'passkeys.name': 'Name',
  'passkeys.nameDefault': 'Passkey',
  'passkeys.nameRequired': 'Bitte geben Sie einen Namen ein.',
  'passkeys.continue': 'Weiter',
  'passkeys.added': 'Passkey hinzugefügt',
  'passkeys.addedText': '„{name}“ kann jetzt zur Anmeldung verwendet werden.',
  'passkeys.addFailed': 'Passkey nicht hinzugefügt',

  'passkeys.renameDialog.title': 'Passkey umbenennen',
  'passkeys.save': 'Speichern',
  'passkeys.saving': 'Wird gespeichert …',
  'passkeys.renamed': 'Passkey umbenannt',

  'passkeys.removeDialog.title': 'Passkey „{name}“ entfernen',
  'passkeys.removeDialog.description':
    'Bestätigen Sie mit Ihrem Passwort oder einem aktuellen Code aus Ihrer Authenticator-App. Mit diesem Passkey können Sie sich danach nicht mehr anmelden.',
  'passkeys.password': 'Passwort',
  'passkeys.showPassword': 'Passwort anzeigen',
  'passkeys.code': 'Code aus der Authenticator-App',
  'passkeys.useCode': 'Stattdessen einen Code eingeben',
  'passkeys.usePassword': 'Stattdessen das Passwort eingeben',
  'passkeys.passwordRequired': 'Bitte geben Sie Ihr Passwort ein.',
  'passkeys.codeRequired': 'Bitte geben Sie den 6-stelligen Code ein.',
  'passkeys.removeSubmit': 'Passkey entfernen',
  'passkeys.removing': 'Wird entfernt …',
  'passkeys.removed': 'Passkey entfernt',
  'passkeys.removedText': 'Mit „{name}“ ist keine Anmeldung mehr möglich.',

  'passkeys.signIn': 'Mit Passkey anmelden',
  'passkeys.signingIn': 'Warte auf Ihren Passkey …',
  'passkeys.answer': 'Passkey verwenden',

  // The API's passkey errors and the browser's own (cancelled, unsupported)
  'error.passkey_not_found': 'Diesen Passkey gibt es in Ihrem Konto nicht (mehr).',
  'error.passkey_registration_failed':
    'Der Passkey konnte nicht registriert werden. Bitte starten Sie erneut und bestätigen Sie auf Ihrem Gerät.',
  'error.passkey_already_registered': 'Dieser Passkey bzw. Sicherheitsschlüssel ist bereits registriert.',
  'error.passkey_limit_reached':
    'Ihr Konto hat die höchste Zahl an Passkeys erreicht. Entfernen Sie zuerst einen.',
  'error.passkey_not_accepted':
    'Der Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder melden Sie sich anders an.',
  'error.passkey_cancelled':
    'Der Vorgang wurde abgebrochen oder ist abgelaufen. Bitte versuchen Sie es erneut.',
  'error.passkey_unsupported': 'Dieser Browser oder diese Adresse unterstützt keine Passkeys.',
} as const;
