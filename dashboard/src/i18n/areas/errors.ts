/**
 * What the UI says for each error code of the API (`error.<code>`, see api/errors.ts), plus the
 * client's own `error.network`. Every code the API can return has a text here and in errors.en.ts:
 * test/error-messages.test.ts walks the server's list (server/src/error-catalog.ts).
 */
export const de = {
  'error.network': 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',

  // Requests in general
  'error.bad_request': 'Die Anfrage konnte nicht gelesen werden.',
  'error.body_length_mismatch': 'Die Anfrage kam unvollständig an. Bitte versuchen Sie es erneut.',
  'error.forbidden': 'Dafür fehlt Ihnen die Berechtigung.',
  'error.internal_error':
    'Auf unserer Seite ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  'error.invalid_body_encoding': 'Die Anfrage konnte nicht entpackt werden.',
  'error.invalid_json': 'Die Anfrage enthält kein gültiges JSON.',
  'error.invalid_path_encoding': 'Die Adresse enthält ungültige Zeichen.',
  'error.not_found': 'Der angeforderte Eintrag existiert nicht.',
  'error.payload_too_large': 'Die Anfrage ist zu groß.',
  'error.rate_limited': 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  'error.route_not_found': 'Diese Funktion gibt es auf dem Server nicht.',
  'error.server_busy':
    'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einigen Sekunden erneut.',
  'error.unknown_application':
    'Diese Anwendung gibt es nicht oder sie ist deaktiviert. Bitte prüfen Sie die Anwendungs-ID.',
  'error.unauthorized': 'Bitte melden Sie sich an.',
  'error.unsupported_encoding': 'Das Format der Anfrage wird nicht unterstützt.',
  'error.validation_failed': 'Die Eingaben sind ungültig.',
  /** Follows validation_failed when the server names the fields. */
  'error.checkFields': 'Bitte prüfen Sie: {fields}.',

  // Sign-in, sessions and accounts
  'error.account_locked':
    'Zu viele fehlgeschlagene Anmeldeversuche. Das Konto ist vorübergehend gesperrt; versuchen Sie es später erneut oder setzen Sie Ihr Passwort zurück.',
  'error.current_password_required': 'Bitte geben Sie Ihr aktuelles Passwort ein, um ein neues festzulegen.',
  'error.email_not_confirmed': 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.',
  'error.google_email_unverified': 'Google hat für dieses Konto keine bestätigte E-Mail-Adresse übermittelt.',
  'error.google_failed': 'Die Anmeldung mit Google wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.',
  'error.invalid_code': 'Der Anmeldecode ist ungültig oder abgelaufen.',
  'error.invalid_confirmation_token':
    'Der Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  'error.invalid_credentials': 'Ungültige E-Mail-Adresse oder ungültiges Passwort.',
  'error.invalid_refresh_token': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'error.invalid_reset_token': 'Ungültiger Reset-Token',
  'error.invalid_email_change_token':
    'Der Link zur Bestätigung der neuen E-Mail-Adresse ist ungültig, abgelaufen (Links gelten eine Stunde), schon verwendet oder durch einen neueren ersetzt – oder die Sitzung, in der Sie die Änderung angefordert haben, ist beendet. Fordern Sie die Änderung erneut an.',
  'error.email_taken': 'Für diese E-Mail-Adresse besteht bereits ein Konto. Es wurde nichts geändert.',
  'error.email_unchanged': 'Das ist bereits die E-Mail-Adresse Ihres Kontos.',
  'error.invalid_undo_link':
    'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Wenn jemand anderes Ihr Konto geändert hat, setzen Sie ein neues Passwort.',
  'error.invalid_token': 'Ihre Anmeldung ist ungültig. Bitte melden Sie sich erneut an.',
  'error.missing_token': 'Bitte melden Sie sich an.',
  'error.password_too_short': 'Passwort muss mindestens 6 Zeichen lang sein',
  'error.provider_disabled': 'Die Anmeldung mit Google ist auf diesem Server nicht eingerichtet.',
  'error.refresh_token_reused':
    'Diese Sitzung wurde zu Ihrer Sicherheit beendet, weil ihr Token bereits verwendet wurde. Bitte melden Sie sich erneut an.',
  'error.session_ended': 'Diese Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  'error.session_not_found': 'Sitzung nicht gefunden.',
  'error.token_expired': 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'error.wrong_current_password': 'Das aktuelle Passwort ist nicht korrekt.',

  // Tokens and the embedding API
  'error.api_token_expired': 'Dieser API Token ist abgelaufen.',
  'error.api_token_no_access':
    'Dieser API Token gewährt keinen Zugriff mehr: Seine Anwendung ist inaktiv oder sein Besitzer hat die Organisation verlassen.',
  'error.api_token_revoked': 'Dieser API Token wurde gesperrt.',
  'error.application_id_required': 'Die Anfrage muss die ID einer Anwendung angeben (X-Application-ID).',
  'error.application_token_not_allowed':
    'Dieser Token wurde über den Anmeldedialog einer Anwendung ausgestellt und gilt nicht für die IAM-Platform-API. Melden Sie sich im Dashboard an oder verwenden Sie einen API Token.',
  'error.insufficient_scope': 'Diesem API Token fehlt die Berechtigung (Scope) für diese Aktion.',
  'error.invalid_api_token': 'Der API Token ist ungültig.',
  'error.invalid_grant':
    'Der Anmeldecode ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte melden Sie sich erneut an.',
  'error.no_membership': 'Sie sind kein Mitglied der Organisation, der diese Anwendung gehört.',
  'error.origin_not_allowed': 'Diese Herkunft (Origin) ist für die Anwendung nicht freigegeben.',
  'error.redirect_uri_not_allowed':
    'Diese Rücksprungadresse ist nicht freigegeben. Der Betreiber der Seite muss sie unter „Benutzer & Anmeldung“ als Weiterleitungsadresse eintragen.',
  'error.token_audience_mismatch':
    'Dieser Token wurde nicht für diese Anwendung ausgestellt. Bitte melden Sie sich über die Anwendung an.',
  'error.token_not_allowed': 'API Tokens sind hier nicht erlaubt; bitte melden Sie sich an.',
  'error.token_not_found': 'API Token nicht gefunden.',

  // Organizations, projects, applications
  'error.admin_only': 'Zugriff verweigert: Sie haben keine Admin-Berechtigung.',
  'error.already_member': 'Diese Person ist bereits Mitglied der Organisation.',
  'error.application_not_found': 'Anwendung nicht gefunden',
  'error.invalid_leave_token': 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
  'error.last_admin':
    'Eine Organisation braucht mindestens einen aktiven Admin. Machen Sie zuerst eine andere Person zum Admin.',
  'error.member_limit_reached': 'Die Organisation hat die maximale Anzahl an Mitgliedern erreicht.',
  'error.role_not_found': 'Diese Rolle gibt es in der Organisation nicht (mehr).',
  'error.role_name_taken':
    'Die Organisation hat bereits eine Rolle mit diesem Namen. Wählen Sie einen anderen.',
  'error.role_in_use': 'Mitglieder haben diese Rolle. Geben Sie ihnen zuerst eine andere Rolle.',
  'error.role_limit_reached': 'Die Organisation hat die maximale Anzahl eigener Rollen erreicht.',
  'error.unknown_role': 'Diese Rolle gibt es in der Organisation nicht.',
  // Berechtigungen und Rollen der Endbenutzer eines Projekts (app-roles).
  'error.app_permission_not_found': 'Diese Berechtigung gibt es im Projekt nicht (mehr).',
  'error.app_role_not_found': 'Diese Rolle gibt es im Projekt nicht (mehr).',
  'error.app_permission_name_taken':
    'Das Projekt hat bereits eine Berechtigung mit diesem Namen. Wählen Sie einen anderen.',
  'error.app_role_name_taken':
    'Das Projekt hat bereits eine Rolle mit diesem Namen. Wählen Sie einen anderen.',
  'error.app_permission_limit_reached': 'Ein Projekt kann höchstens 500 Berechtigungen festlegen.',
  'error.app_role_limit_reached': 'Ein Projekt kann höchstens 100 Rollen festlegen.',
  'error.unknown_app_permissions':
    'Mindestens eine der gewählten Berechtigungen gibt es im Projekt nicht (mehr). Laden Sie die Seite neu.',
  'error.unknown_app_roles':
    'Mindestens eine der gewählten Rollen gibt es im Projekt nicht (mehr). Laden Sie die Seite neu.',
  // Policies und die Prüf-API (policies).
  'error.invalid_policy': 'Die Policy ist ungültig. Prüfen Sie die markierten Felder.',
  'error.policy_not_found': 'Diese Policy gibt es nicht (mehr).',
  'error.policy_name_taken': 'Es gibt bereits eine Policy mit diesem Namen. Wählen Sie einen anderen.',
  'error.policy_limit_reached': 'Ein Projekt oder eine Organisation kann höchstens 2.000 Policies haben.',
  'error.subject_not_found':
    'Diesen Benutzer gibt es hier nicht: Prüfen lassen sich Endbenutzer des Projekts und Mitglieder der Organisation.',
  'error.authorize_scope_required':
    'Wählen Sie das Projekt oder die Organisation, deren Policies entscheiden.',
  'error.invitation_pending': 'Diese Person ist bereits eingeladen und hat noch nicht geantwortet.',
  'error.invitation_not_found': 'Einladung nicht gefunden.',
  'error.two_factor_required':
    'Diese Organisation verlangt die Zwei-Faktor-Anmeldung. Richten Sie unter Konto → Sicherheit eine Authenticator-App oder einen Passkey ein und versuchen Sie es dann erneut.',
  'error.member_not_found': 'Mitglied nicht gefunden.',
  'error.organization_inactive':
    'Die Organisation wurde deaktiviert. Ihre Tokens gelten wieder, sobald ein Admin sie reaktiviert.',
  'error.organization_not_found': 'Organisation nicht gefunden.',
  'error.project_not_found': 'Projekt nicht gefunden',
  'error.pool_not_found':
    'Hier ist keine Anmeldung möglich: Das Projekt existiert nicht, ist deaktiviert oder hat keine aktive Anwendung.',
  'error.signup_closed':
    'Diese Anwendung nimmt keine neuen Registrierungen an. Bitten Sie ihren Betreiber um eine Einladung oder melden Sie sich mit einem bestehenden Konto an.',
  'error.sign_in_method_disabled':
    'Diese Anmeldemethode ist für diese Anwendung ausgeschaltet. Bitte verwenden Sie eine der angebotenen Methoden.',
  'error.account_blocked':
    'Dieses Konto wurde vom Betreiber der Anwendung gesperrt. Wenden Sie sich an dessen Support, um es entsperren zu lassen.',
  'error.invalid_email_code':
    'Der Code ist falsch, abgelaufen (Codes gelten 10 Minuten) oder wurde schon verwendet. Nach 5 Fehlversuchen ist ein Code ungültig. Fordern Sie einen neuen Code an.',
  'error.second_factor_enrollment_required':
    'Diese Anwendung verlangt einen zweiten Faktor. Richten Sie auf Ihrer Kontoseite eine Authenticator-App oder einen Passkey ein und melden Sie sich dann erneut an.',
  'error.password_too_common':
    'Dieses Passwort ist zu verbreitet: Es steht in Listen geleakter Passwörter, die Angreifer zuerst ausprobieren. Bitte wählen Sie ein anderes.',
  'error.slug_taken': 'Dieser Slug ist bereits vergeben. Bitte wählen Sie einen anderen.',
  'error.user_not_found':
    'Es gibt kein Konto mit dieser E-Mail-Adresse. Die Person muss sich zuerst registrieren.',

  // Mail
  'error.invalid_recipient': 'Der Empfänger muss genau eine E-Mail-Adresse sein.',
  'error.mail_delivery_failed':
    'Die E-Mail konnte nicht zugestellt werden. Bitte versuchen Sie es später erneut.',

  // E-mail templates
  'error.email_template_not_found': 'Template nicht gefunden.',
  'error.email_template_name_taken':
    'Diese Anwendung hat bereits ein Template mit diesem Namen in dieser Sprache.',
  'error.email_template_name_reserved':
    'Dieser Name gehört zu einem System-Template. Bitte wählen Sie einen anderen Namen.',
  'error.email_template_limit_reached': 'Diese Anwendung hat die Höchstzahl an Templates erreicht.',
  'error.system_template_undeletable':
    'System-Templates können nicht gelöscht oder deaktiviert werden. Setzen Sie das Template stattdessen zurück.',
  'error.system_template_immutable':
    'System-Templates können nicht umbenannt, in eine andere Anwendung verschoben oder in eine andere Sprache geändert werden; nur Betreff und Inhalt sind änderbar.',
  'error.not_a_system_template': 'Nur System-Templates können auf den Standard zurückgesetzt werden.',
  'error.unsafe_template_placeholder':
    'Platzhalter mit Einmal-Geheimnissen ({{resetLink}}, {{confirmLink}}, {{leaveLink}}, {{signInCode}}) dürfen nur das ganze href eines Links sein oder für sich allein im Text stehen, nie im Betreff.',
  'error.required_placeholder_missing':
    'Dieses System-Template muss seinen Link- oder Code-Platzhalter behalten (z. B. {{resetLink}}, {{signInCode}}).',

  // Sending: recipients, senders, quota (issue #37)
  'error.recipient_not_allowed':
    'Diese Anwendung darf nur ihre eigenen Nutzer und die Mitglieder ihrer Organisation mit bestätigter Adresse anschreiben. Um beliebige Empfänger anzuschreiben, bestätigen Sie zuerst einen Absender in den E-Mail-Einstellungen.',
  'error.sender_not_verified':
    'Dieser Absender ist nicht bestätigt. Tragen Sie ihn in den E-Mail-Einstellungen ein und folgen Sie dem Link, der an die Adresse geht.',
  'error.invalid_sender': 'Der Absender muss eine Adresse oder „Name <Adresse>“ sein, ohne Zeilenumbrüche.',
  'error.application_user_not_found':
    'userId gehört zu keinem Nutzer dieser Anwendung (registriert oder angemeldet über sie, oder Mitglied ihrer Organisation).',
  'error.email_quota_exceeded':
    'Diese Organisation hat heute so viele E-Mails gesendet, wie sie darf. Bitte versuchen Sie es später erneut.',
  'error.invalid_sender_token':
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Ein Admin kann einen neuen senden.',
  'error.sender_not_found': 'Diese Adresse ist kein Absender der Anwendung.',
  'error.sender_already_verified': 'Dieser Absender ist bereits bestätigt.',

  // Tracking (what the SDKs send)
  'error.reserved_action':
    'Dieser Aktionsname ist dem Audit-Protokoll der Plattform vorbehalten (user., member., organization., token. …). Wählen Sie einen eigenen, z. B. „cart_item_removed“.',

  // Documentation assistant
  'error.question_required': 'Bitte geben Sie eine Frage ein.',
  'error.guide_not_found': 'Diese Anleitung gibt es nicht.',

  // Webhooks
  'error.webhook_not_found': 'Webhook nicht gefunden.',
  'error.webhook_delivery_not_found': 'Diese Zustellung gibt es nicht (mehr).',
  'error.webhook_url_invalid':
    'Die Webhook-URL muss eine vollständige http://- oder https://-Adresse ohne Benutzername und Passwort sein.',
  'error.webhook_url_not_allowed':
    'Webhook-URLs dürfen nicht auf localhost, private oder interne Netzwerkadressen zeigen. Bitte eine öffentlich erreichbare Adresse angeben.',
  'error.webhook_url_unresolvable':
    'Der Hostname der Webhook-URL lässt sich nicht auflösen. Bitte die URL prüfen.',
  'error.webhook_event_unknown':
    'Mindestens ein Ereignistyp ist unbekannt. Erlaubt sind z. B. user.registered, user.* oder *.',
  'error.webhook_scope_invalid':
    'Projekte und Anwendungen eines Webhooks müssen zu seiner Organisation gehören.',
  'error.alert_not_found': 'Diese Alarmregel gibt es nicht (mehr).',
  'error.alert_metric_unavailable':
    'Alarme auf die Funnel-Konversion sind noch nicht verfügbar. Wählen Sie eine andere Metrik.',
  'error.alert_recipient_not_member':
    'Alarm-E-Mails gehen nur an Mitglieder der Organisation. Laden Sie die Adresse zuerst ein oder entfernen Sie sie.',
  'error.alert_limit_reached':
    'Diese Organisation hat 100 Alarmregeln. Löschen Sie eine, bevor Sie eine neue anlegen.',
  'error.webhook_limit_reached':
    'Diese Organisation hat die Höchstzahl an Webhooks erreicht. Löschen Sie einen, den Sie nicht mehr brauchen.',
  'error.webhook_disabled':
    'Dieser Webhook ist deaktiviert. Aktivieren Sie ihn, bevor Sie Ereignisse erneut senden.',
  'error.webhook_delivery_pending':
    'Diese Zustellung wartet noch oder wird gerade wiederholt; sie kann noch nicht erneut gesendet werden.',

  // Privacy (export and account deletion)
  'error.account_has_no_password':
    'Ihr Konto hat kein Passwort. Bestätigen Sie die Löschung über den Link, den wir Ihnen per E-Mail schicken, oder legen Sie über „Passwort vergessen“ eines fest.',
  'error.account_deletion_last_admin':
    'Sie sind der letzte Admin einer Organisation. Machen Sie dort zuerst ein anderes Mitglied zum Admin oder deaktivieren Sie die Organisation; danach können Sie Ihr Konto löschen.',
  'error.account_deletion_password_required':
    'Geben Sie Ihr Passwort ein, um Ihr Konto zu löschen; ein Code aus der Authenticator-App allein genügt nicht.',
  'error.account_has_password': 'Ihr Konto hat ein Passwort: Löschen Sie es mit Ihrem Passwort.',
  'error.invalid_deletion_token':
    'Der Löschlink ist ungültig, abgelaufen oder wurde schon verwendet. Fordern Sie einen neuen an.',

  // OpenID Connect: the provider's sign-in requests (hosted sign-in and consent pages)
  'error.issuer_not_found':
    'Für dieses Projekt gibt es keine OpenID-Connect-Anmeldung: Es existiert nicht, ist deaktiviert oder hat keine aktive Anwendung.',
  'error.interaction_not_found':
    'Diese Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Bitte starten Sie die Anmeldung in der Anwendung neu.',
  'error.wrong_pool':
    'Diese Sitzung gehört zu den Benutzern eines anderen Projekts. Bitte melden Sie sich hier erneut an.',
  'error.fresh_sign_in_required':
    'Die Anwendung verlangt eine neue Anmeldung. Bitte melden Sie sich erneut an.',
  'error.second_factor_required':
    'Die Anwendung verlangt eine Anmeldung mit Ihrem zweiten Faktor. Bitte melden Sie sich erneut an und bestätigen Sie mit Code oder Passkey.',
  'error.interaction_account_mismatch':
    'Diese Anfrage gilt für ein anderes Konto. Bitte melden Sie sich mit dem Konto an, mit dem Sie die Anmeldung begonnen haben.',
  'error.interaction_prompt_mismatch':
    'Diese Anmeldung wartet auf einen anderen Schritt. Bitte laden Sie die Seite neu.',

  // User management of a project's pool
  'error.pool_user_not_found': 'Diese Person gibt es unter den Benutzern dieses Projekts nicht.',
  'error.pool_user_blocked':
    'Diese Person ist gesperrt. Heben Sie die Sperre zuerst auf und senden Sie den Link dann erneut.',
  'error.invalid_csv':
    'Die CSV-Datei ließ sich nicht lesen. Erwartet wird UTF-8 mit einer Kopfzeile aus den Spalten email, display_name, password_hash und email_verified (nur email ist Pflicht).',

  // Two-factor sign-in (TOTP)
  'error.mfa_already_enabled':
    'Die Zwei-Faktor-Anmeldung ist bereits aktiv. Deaktivieren Sie sie zuerst, um eine neue Authenticator-App einzurichten.',
  'error.mfa_enrolment_not_started':
    'Es wird gerade keine Authenticator-App eingerichtet. Starten Sie die Einrichtung erneut.',
  'error.mfa_not_enabled': 'Die Zwei-Faktor-Anmeldung ist für dieses Konto nicht aktiv.',
  'error.invalid_mfa_code':
    'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
  'error.invalid_recovery_code': 'Der Wiederherstellungscode ist falsch oder wurde bereits verwendet.',
  'error.invalid_mfa_token':
    'Der Anmeldeschritt ist abgelaufen oder wurde bereits abgeschlossen. Bitte melden Sie sich erneut an.',
  'error.mfa_wrong_password': 'Das Passwort ist nicht korrekt.',
  'error.second_factor_unavailable':
    'Dieses Konto bestätigt Anmeldungen mit einem Passkey, der auf dieser Seite nicht verwendet werden kann. Melden Sie sich direkt bei der IAM Platform an oder richten Sie zusätzlich eine Authenticator-App ein.',
  'error.passkey_sign_in_unavailable':
    'Passkeys lassen sich nur auf den eigenen Seiten der IAM Platform verwenden, nicht auf dieser Website. Melden Sie sich hier anders an oder auf der Anmeldeseite der Anwendung.',
  'error.mfa_proof_required':
    'Geben Sie Ihr Passwort oder einen aktuellen Code aus Ihrer Authenticator-App ein.',
  // Shown where a sensitive change was refused because the step-up dialog was cancelled.
  'error.reauthentication_required':
    'Nichts wurde geändert: Diese Änderung verlangt, dass Sie Ihre Identität bestätigen (Passwort, Code oder Passkey).',
} as const;
