/**
 * Texts of a project's hosted pages (/p/{project}/…): sign-in, sign-up, reset, confirmation and
 * the end user's account page. `{name}` is the pool's display name (its branding).
 */
export const de = {
  'hosted.footer.support': 'Fragen zu Ihrem Konto?',
  'hosted.footer.poweredBy': 'Anmeldung bereitgestellt von IAM Platform',
  'hosted.notFound.title': 'Seite nicht gefunden',
  'hosted.notFound.text':
    'Zu diesem Link gibt es keine Anmeldeseite (mehr). Bitte öffnen Sie die Anmeldung erneut aus der Anwendung heraus.',
  'hosted.loadFailed.title': 'Die Seite konnte nicht geladen werden',
  'hosted.loadFailed.text': 'Bitte versuchen Sie es gleich noch einmal.',
  'hosted.loadFailed.retry': 'Erneut versuchen',
  'hosted.invalidRequest':
    'Der Link der Anwendung ist unvollständig, daher geht es nach der Anmeldung nicht automatisch zurück. Sie können sich trotzdem anmelden und Ihr Konto verwalten.',

  'hosted.signIn.title': 'Anmelden',
  'hosted.signIn.intro': 'Melden Sie sich bei {name} an.',
  'hosted.signIn.passwordForm': 'Mit E-Mail und Passwort anmelden',
  'hosted.signIn.noMethod': 'Für diese Anwendung ist derzeit keine Anmeldung möglich.',
  'hosted.signIn.noAccount': 'Noch kein Konto?',
  'hosted.signIn.toSignUp': 'Jetzt registrieren',
  'hosted.signIn.inviteOnly': 'Neue Konten gibt es nur auf Einladung.',

  'hosted.code.start': 'Code per E-Mail erhalten',
  'hosted.code.intro': 'Wir senden Ihnen einen 6-stelligen Code, mit dem Sie sich ohne Passwort anmelden.',
  'hosted.code.requestForm': 'Anmeldecode per E-Mail anfordern',
  'hosted.code.send': 'Code senden',
  'hosted.code.sending': 'Wird gesendet …',
  'hosted.code.requestFailed': 'Code konnte nicht gesendet werden',
  'hosted.code.sent': 'Falls zu {email} ein Konto gehört, ist ein Code unterwegs. Er gilt 10 Minuten.',
  'hosted.code.enterForm': 'Code aus der E-Mail eingeben',
  'hosted.code.label': 'Code aus der E-Mail',
  'hosted.code.required': 'Bitte geben Sie den 6-stelligen Code aus der E-Mail ein.',
  'hosted.code.resend': 'Neuen Code senden',
  'hosted.code.resendIn': 'Neuer Code in {seconds} s',
  'hosted.code.otherAddress': 'Andere E-Mail-Adresse verwenden',
  'hosted.code.usePassword': 'Stattdessen mit Passwort anmelden',

  'hosted.continue.title': 'Sie sind angemeldet',
  'hosted.continue.intro': 'In diesem Browserfenster sind Sie als {email} angemeldet.',
  'hosted.continue.toApp': 'Weiter zur Anwendung',
  'hosted.continue.toAccount': 'Weiter zu Ihrem Konto',
  'hosted.continue.other': 'Mit einem anderen Konto anmelden',
  'hosted.handoff.title': 'Rückkehr zur Anwendung nicht möglich',
  'hosted.handoff.intro':
    'Sie sind angemeldet, aber die Anwendung hat diese Rücksprungadresse nicht freigegeben.',
  'hosted.handoff.toAccount': 'Zu Ihrem Konto',

  'hosted.oidc.intro': 'Melden Sie sich bei {name} an, um zu {app} zu gelangen.',
  'hosted.oidc.secondFactorHint': '{app} verlangt eine Anmeldung mit zweitem Faktor.',
  'hosted.oidc.continueTo': 'Weiter zu {app}',
  'hosted.oidc.cancel': 'Abbrechen',
  'hosted.oidc.cancelHint': 'Zurück zu {app}, ohne sich anzumelden.',
  'hosted.oidc.cancelFailed': 'Abbrechen ist nicht gelungen',
  'hosted.oidc.signInAgain': 'Bitte melden Sie sich erneut an.',
  'hosted.oidc.signInAgainSecondFactor':
    '{app} verlangt eine Anmeldung mit zweitem Faktor. Bitte melden Sie sich erneut an und bestätigen Sie die Anmeldung mit Ihrem zweiten Faktor.',
  'hosted.oidc.loading': 'Die Anmeldung wird vorbereitet …',
  'hosted.oidc.loadFailed': 'Die Anmeldung konnte nicht geladen werden',
  'hosted.oidc.expired.title': 'Anmeldung abgelaufen',
  'hosted.oidc.expired.text': 'Diese Anmeldung ist abgelaufen – bitte starten Sie sie in der Anwendung neu.',
  'hosted.oidc.failed.title': 'Anmeldung nicht abgeschlossen',
  'hosted.oidc.failed.intro':
    'Sie sind angemeldet, aber die Anmeldung bei {app} konnte nicht abgeschlossen werden.',
  'hosted.oidc.failed.retry': 'Erneut versuchen',

  'hosted.oidc.error.wrong_pool':
    'Diese Sitzung gehört zu einer anderen Anwendung. Bitte melden Sie sich hier erneut an.',
  'hosted.oidc.error.interaction_account_mismatch':
    'Diese Anfrage gilt für ein anderes Konto. Bitte melden Sie sich mit dem Konto an, mit dem Sie die Anmeldung begonnen haben.',
  'hosted.oidc.error.interaction_prompt_mismatch':
    'Diese Anmeldung wartet auf einen anderen Schritt. Bitte laden Sie die Seite neu.',
  'hosted.oidc.error.issuer_not_found': 'Für diese Anwendung ist keine Anmeldung mehr möglich.',

  'hosted.consent.title': 'Zugriff erlauben',
  'hosted.consent.intro': '{app} möchte auf Ihr Konto bei {name} zugreifen.',
  'hosted.consent.signedInAs': 'Angemeldet als {email}',
  'hosted.consent.scopesTitle': '{app} erhält:',
  'hosted.consent.scope.openid': 'Ihre Identität bestätigen',
  'hosted.consent.scope.profile': 'Ihren Namen',
  'hosted.consent.scope.email': 'Ihre E-Mail-Adresse',
  'hosted.consent.scope.offline_access': 'Zugriff, auch wenn Sie gerade nicht angemeldet sind',
  'hosted.consent.scope.roles': 'Ihre Rollen und Berechtigungen in der Anwendung',
  'hosted.consent.approve': 'Zulassen',
  'hosted.consent.deny': 'Ablehnen',
  'hosted.consent.working': 'Wird übermittelt …',
  'hosted.consent.failed': 'Ihre Entscheidung konnte nicht übermittelt werden',

  'hosted.signUp.title': 'Konto erstellen',
  'hosted.signUp.intro': 'Registrieren Sie sich bei {name}.',
  'hosted.signUp.haveAccount': 'Bereits registriert?',
  'hosted.signUp.toSignIn': 'Zur Anmeldung',
  'hosted.signUp.closed': 'Für diese Anwendung können derzeit keine neuen Konten erstellt werden.',
  'hosted.signUp.inviteOnly':
    'Neue Konten gibt es nur auf Einladung. Eine Einladung erhalten Sie vom Betreiber der Anwendung per E-Mail.',
  'hosted.signUp.checkMail.title': 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
  'hosted.signUp.checkMail.text':
    'Wir haben eine E-Mail an {email} gesendet. Öffnen Sie den Link darin, um Ihre Adresse zu bestätigen – danach können Sie sich anmelden.',

  'hosted.reset.sentText':
    'Falls zu {email} ein Konto gehört, erhalten Sie in Kürze einen Link zum Zurücksetzen. Er gilt eine Stunde.',

  'hosted.confirm.title': 'E-Mail-Adresse bestätigt',
  'hosted.confirm.checking': 'Ihre E-Mail-Adresse wird bestätigt …',
  'hosted.confirm.continue': 'Weiter zur Anmeldung',
  'hosted.confirm.failedText':
    'Der Link ist abgelaufen oder wurde schon verwendet. Melden Sie sich an – dort können Sie eine neue Bestätigungs-E-Mail anfordern.',

  'hosted.account.title': 'Ihr Konto',
  'hosted.account.intro': 'Angemeldet als {email} bei {name}',
  'hosted.account.loadFailed': 'Ihr Konto konnte nicht geladen werden',
  'hosted.account.toSignIn': 'Zur Anmeldung',
  'hosted.account.saving': 'Wird gespeichert …',
  'hosted.account.required.title': 'Zweiten Faktor einrichten',
  'hosted.account.required.text':
    'Für dieses Konto ist ein zweiter Faktor vorgeschrieben. Richten Sie unten eine Authenticator-App ein; danach melden Sie sich erneut an.',
  'hosted.account.required.textPasskey':
    'Für dieses Konto ist ein zweiter Faktor vorgeschrieben. Richten Sie unten eine Authenticator-App oder einen Passkey ein; danach melden Sie sich erneut an.',
  'hosted.account.required.done': 'Zweiter Faktor eingerichtet. Melden Sie sich jetzt erneut an.',
  'hosted.account.required.signInAgain': 'Erneut anmelden',
  'hosted.account.profile.title': 'Profil',
  'hosted.account.profile.name': 'Anzeigename',
  'hosted.account.profile.nameRequired': 'Bitte geben Sie einen Anzeigenamen ein.',
  'hosted.account.profile.save': 'Profil speichern',
  'hosted.account.profile.saved': 'Profil gespeichert',
  'hosted.account.profile.failed': 'Profil konnte nicht gespeichert werden',
  'hosted.account.profile.verified': 'Bestätigt',
  'hosted.account.profile.unverified': 'Nicht bestätigt',
  'hosted.account.password.title': 'Passwort ändern',
  'hosted.account.password.intro':
    'Das neue Passwort braucht mindestens {min} Zeichen. Ihre anderen Sitzungen werden danach abgemeldet.',
  'hosted.account.password.current': 'Aktuelles Passwort',
  'hosted.account.password.currentRequired': 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  'hosted.account.password.doneText': 'Ihre anderen Sitzungen wurden abgemeldet.',
  'hosted.account.password.failed': 'Passwort konnte nicht geändert werden',
  'hosted.account.sessions.title': 'Aktive Sitzungen',
  'hosted.account.sessions.intro':
    'Hier sind Sie angemeldet. Kennen Sie eine Sitzung nicht, melden Sie sie ab und ändern Sie Ihr Passwort.',
  'hosted.account.sessions.empty': 'Keine aktiven Sitzungen.',
  'hosted.account.sessions.loadFailed': 'Sitzungen konnten nicht geladen werden',
  'hosted.account.sessions.current': 'Diese Sitzung',
  'hosted.account.sessions.device': '{browser} auf {system}',
  'hosted.account.sessions.unknownDevice': 'Unbekanntes Gerät',
  'hosted.account.sessions.since': 'Angemeldet am {date}',
  'hosted.account.sessions.lastUsed': 'zuletzt aktiv {date}',
  'hosted.account.sessions.method.password': 'mit Passwort',
  'hosted.account.sessions.method.google': 'mit Google',
  'hosted.account.sessions.method.passkey': 'mit Passkey',
  'hosted.account.sessions.method.email_code': 'mit Code per E-Mail',
  'hosted.account.sessions.end': 'Abmelden',
  'hosted.account.sessions.endLabel': 'Sitzung „{device}“ abmelden',
  'hosted.account.sessions.ended': 'Sitzung abgemeldet',
  'hosted.account.sessions.endFailed': 'Sitzung konnte nicht abgemeldet werden',
  'hosted.account.export.title': 'Ihre Daten',
  'hosted.account.passkeys.intro':
    'Melden Sie sich mit Fingerabdruck, Gesichtserkennung, der PIN Ihres Geräts oder einem Sicherheitsschlüssel an – ohne Passwort („Mit Passkey anmelden“) oder als zweiten Schritt nach dem Passwort.',
  'hosted.account.delete.description':
    'Löscht Ihr Konto bei {name} mit Profil und Sitzungen; Protokolleinträge werden anonymisiert. Exportieren Sie vorher Ihre Daten, wenn Sie sie behalten möchten.',
} as const;
