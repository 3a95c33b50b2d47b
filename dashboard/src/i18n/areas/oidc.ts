/**
 * Texts of an application's "OpenID Connect" tab (issue #32): the application as an OpenID
 * Connect client — its type, redirects, grants, API, client secret and the issuer's endpoints.
 */
export const de = {
  'oidc.tab': 'OpenID Connect',

  'oidc.empty.title': 'Diese Anwendung ist noch kein OpenID-Connect-Client',
  'oidc.empty.text':
    'Wählen Sie, was für eine Anwendung es ist. Danach tragen Sie ihre Adressen ein und speichern – ab dann meldet sie Benutzer über OpenID Connect an.',
  'oidc.empty.readOnly': 'Nur Admins der Organisation können sie als Client einrichten.',
  'oidc.empty.choose': 'Client-Typ wählen',
  'oidc.setup.cancel': 'Abbrechen',

  'oidc.formLabel': 'OpenID-Connect-Einstellungen',
  'oidc.adminOnly': 'Nur Admins der Organisation können diese Einstellungen ändern.',
  'oidc.save': 'Einstellungen speichern',
  'oidc.saved': 'OpenID-Connect-Einstellungen gespeichert',
  'oidc.savedText': 'Der Client verwendet ab sofort die neuen Einstellungen.',
  'oidc.saveFailed': 'Fehler beim Speichern',
  'oidc.nothingChanged': 'Keine Änderungen zum Speichern',
  'oidc.unsaved': 'Ungespeicherte Änderungen',

  'oidc.type.title': 'Client-Typ',
  'oidc.type.legend': 'Art der Anwendung',
  'oidc.type.spa': 'Single-Page-App',
  'oidc.type.spa.text': 'Läuft ganz im Browser (React, Vue, Angular): öffentlich, ohne Secret, mit PKCE.',
  'oidc.type.web': 'Webserver-App',
  'oidc.type.web.text': 'Hat ein Backend, das ein Secret sicher verwahrt (Express, Next.js, Django).',
  'oidc.type.native': 'Native App',
  'oidc.type.native.text': 'Mobile oder Desktop-App: öffentlich, mit PKCE, eigenem URL-Schema oder Loopback.',
  'oidc.type.m2m': 'Maschine-zu-Maschine',
  'oidc.type.m2m.text': 'Ein Dienst ohne Benutzer, der sich selbst mit Client-ID und Secret anmeldet.',

  'oidc.redirects.title': 'Weiterleitungen',
  'oidc.redirects.text':
    'Adressen werden exakt verglichen: Schema, Host, Port und Pfad müssen genau so übereinstimmen.',
  'oidc.redirectUris.legend': 'Redirect-URIs',
  'oidc.redirectUris.hint':
    'Hierhin schickt die Anmeldung den Code zurück. https://, http:// nur für localhost.',
  'oidc.redirectUris.hintNative':
    'Hierhin schickt die Anmeldung den Code zurück: ein eigenes Schema mit Punkt (com.example.app:/callback), http://127.0.0.1/… oder https:// mit Ihrer Domain.',
  'oidc.redirectUris.new': 'Neue Redirect-URI',
  'oidc.redirectUris.none': 'Noch keine Redirect-URI.',
  'oidc.postLogout.legend': 'Post-Logout-Redirect-URIs',
  'oidc.postLogout.hint': 'Hierhin darf die Abmeldung (RP-initiated Logout) zurückkehren.',
  'oidc.postLogout.new': 'Neue Post-Logout-Redirect-URI',
  'oidc.postLogout.none': 'Noch keine – nach der Abmeldung bleibt der Benutzer auf unserer Seite.',
  'oidc.backchannel': 'Back-Channel-Logout-URI (optional)',
  'oidc.backchannel.hint': 'Ihr Server erhält hier ein Logout-Token, sobald sich ein Benutzer abmeldet.',
  'oidc.list.add': 'Hinzufügen',
  'oidc.list.remove': '{value} entfernen',

  'oidc.access.title': 'Tokens und Zugriff',
  'oidc.grants.legend': 'Grant Types',
  'oidc.grant.authorization_code': 'Authorization Code',
  'oidc.grant.authorization_code.text': 'Benutzer melden sich auf der gehosteten Seite an (mit PKCE).',
  'oidc.grant.refresh_token': 'Refresh Token',
  'oidc.grant.refresh_token.text': 'Sitzungen verlängern, ohne sich erneut anzumelden (mit Rotation).',
  'oidc.grant.client_credentials': 'Client Credentials',
  'oidc.grant.client_credentials.text': 'Der Client meldet sich selbst an, ohne Benutzer.',
  'oidc.firstParty': 'Erstanbieter-App (ohne Zustimmungsdialog)',
  'oidc.firstParty.hint':
    'Eine eigene App: Benutzer sehen keinen Zustimmungsdialog. Ausgeschaltet fragt die Anmeldung nach ihrer Zustimmung zu den angefragten Daten.',
  'oidc.authMethod': 'Authentifizierung am Token-Endpunkt',
  'oidc.authMethod.none': 'Keine (öffentlicher Client)',
  'oidc.authMethod.client_secret_basic': 'Client-Secret per HTTP Basic (client_secret_basic)',
  'oidc.authMethod.client_secret_post': 'Client-Secret im Formular (client_secret_post)',
  'oidc.authMethod.private_key_jwt': 'Signiertes JWT mit eigenem Schlüssel (private_key_jwt)',
  'oidc.jwksUri': 'JWKS-URI',
  'oidc.jwksUri.hint': 'Die Adresse Ihrer öffentlichen Schlüssel, mit denen wir die Client-Assertion prüfen.',
  'oidc.accessTtl': 'Gültigkeit des Access Tokens',
  'oidc.refreshTtl': 'Gültigkeit des Refresh Tokens',
  'oidc.accessTtl.hint': 'Leer: die „Gültigkeit einer Sitzung“ aus „Benutzer & Anmeldung“ des Projekts.',
  'oidc.refreshTtl.hint': 'Leer: „Angemeldet bleiben“ aus „Benutzer & Anmeldung“ des Projekts.',

  'oidc.api.title': 'API (Ressourcenserver)',
  'oidc.api.text':
    'Ist diese Anwendung auch eine API? Dann fordern Clients Access Tokens mit resource=<API-Identifier> an. Deren aud ist der Identifier, und Ihre API prüft sie offline mit den Schlüsseln der JWKS.',
  'oidc.apiIdentifier': 'API-Identifier (optional)',
  'oidc.apiIdentifier.hint':
    'Eine https://-Adresse oder eine URN, z. B. https://api.shop.example – sie muss nicht erreichbar sein.',
  'oidc.apiScopes.legend': 'Scopes der API',
  'oidc.apiScopes.hint':
    'Z. B. invoice:read: Kleinbuchstaben, Ziffern und : . _ -. openid, profile, email, offline_access und roles sind Standard-Scopes.',
  'oidc.apiScopes.new': 'Neuer Scope',
  'oidc.apiScopes.none': 'Noch keine Scopes.',

  'oidc.invalid.summary': 'Bitte prüfen Sie die markierten Felder.',
  'oidc.invalid.clientType': 'Bitte wählen Sie einen Client-Typ.',
  'oidc.invalid.url': 'Bitte eine vollständige Adresse angeben, z. B. https://shop.example.com/callback.',
  'oidc.invalid.https': 'Nur https:// erlaubt – http:// nur für localhost, 127.0.0.1 oder [::1].',
  'oidc.invalid.nativeScheme':
    'Erlaubt sind ein eigenes Schema mit Punkt (com.example.app:/callback), https:// mit Ihrer Domain und http:// nur für 127.0.0.1 oder [::1].',
  'oidc.invalid.fragment': 'Die Adresse darf kein #-Fragment enthalten.',
  'oidc.invalid.credentials': 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.',
  'oidc.invalid.duplicate': 'Steht schon in der Liste.',
  'oidc.invalid.redirectRequired': 'Für Authorization Code braucht es mindestens eine Redirect-URI.',
  'oidc.invalid.grantRequired': 'Bitte wählen Sie mindestens einen Grant Type.',
  'oidc.invalid.jwksRequired': 'Für private_key_jwt braucht es die Adresse Ihrer JWKS.',
  'oidc.invalid.identifier':
    'Bitte eine https://-Adresse oder eine URN angeben, z. B. https://api.shop.example oder urn:shop:rechnungen.',
  'oidc.invalid.scope':
    'Ein Scope besteht aus 1 bis 64 Kleinbuchstaben, Ziffern und : . _ - und beginnt mit einem Buchstaben oder einer Ziffer, z. B. invoice:read.',
  'oidc.invalid.scopeReserved':
    'openid, profile, email, offline_access und roles sind Standard-Scopes und hier nicht möglich.',

  'oidc.invalid.spaces': 'Die Adresse darf keine Leerzeichen enthalten.',
  'oidc.invalid.nativeHttps':
    'Eine https://-Adresse einer nativen App nennt Ihre eigene Domain, nicht localhost oder 127.0.0.1.',
  'oidc.invalid.jwksHttps': 'Die JWKS-URI muss https:// verwenden.',
  'oidc.invalid.refreshNeedsCode': 'Refresh Token gibt es nur zusammen mit Authorization Code.',
  'oidc.invalid.accessTtl': 'Bitte eine Dauer von 1 Minute bis 24 Stunden angeben oder das Feld leer lassen.',
  'oidc.invalid.refreshTtl': 'Bitte eine Dauer von 1 Stunde bis 365 Tage angeben oder das Feld leer lassen.',
  'error.api_identifier_taken':
    'Diesen API-Identifier verwendet schon eine andere Anwendung dieses Projekts. Jede API braucht ihren eigenen.',
  'error.oidc_secret_not_applicable':
    'Nur Webserver-Apps und Maschine-zu-Maschine-Clients haben ein Client-Secret. Speichern Sie zuerst einen dieser Client-Typen.',
  'oidc.secret.title': 'Client-Secret',
  'oidc.secret.text':
    'Damit weist sich Ihr Server am Token-Endpunkt aus. Gespeichert wird nur ein Hash – das Secret sehen Sie genau einmal.',
  'oidc.secret.none': 'Noch kein Secret erzeugt.',
  'oidc.secret.createdAt': 'Aktuelles Secret erzeugt am {date}.',
  'oidc.secret.create': 'Secret erzeugen',
  'oidc.secret.rotate': 'Secret erneuern',
  'oidc.secret.creating': 'Wird erzeugt …',
  'oidc.secret.overlap': 'Bisheriges Secret gilt noch',
  'oidc.secret.overlap.hint':
    'So lange nimmt der Token-Endpunkt beide an – Zeit, das neue Secret auf allen Servern einzutragen.',
  'oidc.secret.overlap.0': 'sofort ungültig',
  'oidc.secret.overlap.3600': '1 Stunde',
  'oidc.secret.overlap.86400': '24 Stunden',
  'oidc.secret.overlap.604800': '7 Tage',
  'oidc.secret.adminOnly': 'Nur Admins der Organisation können Secrets erzeugen.',
  'oidc.secret.failed': 'Secret konnte nicht erzeugt werden',
  'oidc.secret.created': 'Client-Secret erzeugt',
  'oidc.secret.dialog.title': 'Ihr neues Client-Secret',
  'oidc.secret.dialog.warning':
    'Kopieren Sie das Secret jetzt und bewahren Sie es sicher auf, z. B. in einer Umgebungsvariable Ihres Servers. Es wird nicht noch einmal angezeigt.',
  'oidc.secret.dialog.label': 'Client-Secret',
  'oidc.secret.dialog.reveal': 'Secret anzeigen',
  'oidc.secret.dialog.copy': 'Secret kopieren',
  'oidc.secret.dialog.previous': 'Das bisherige Secret gilt noch bis {date}.',
  'oidc.secret.dialog.previousEnded': 'Das bisherige Secret gilt ab sofort nicht mehr.',
  'oidc.secret.dialog.done': 'Ich habe das Secret gespeichert',

  'oidc.endpoints.title': 'Endpunkte',
  'oidc.endpoints.text':
    'Die meisten Bibliotheken brauchen nur den Issuer (oder die Discovery-URL), die Client-ID und – für Webserver-Apps – das Secret.',
  'oidc.endpoints.clientId': 'Client-ID',
  'oidc.endpoints.issuer': 'Issuer',
  'oidc.endpoints.discovery': 'Discovery',
  'oidc.endpoints.authorization': 'Authorization',
  'oidc.endpoints.token': 'Token',
  'oidc.endpoints.userinfo': 'UserInfo',
  'oidc.endpoints.jwks': 'JWKS',
  'oidc.endpoints.endSession': 'End Session (Logout)',
  'oidc.endpoints.introspection': 'Introspection',
  'oidc.endpoints.revocation': 'Revocation',
  'oidc.endpoints.copy': '{name} kopieren',
  'oidc.endpoints.loading': 'Discovery-Dokument wird geladen …',
  'oidc.endpoints.unavailable':
    'Das Discovery-Dokument des Issuers konnte nicht geladen werden. Die übrigen Endpunkte erscheinen hier, sobald der Issuer antwortet – etwa wenn das Projekt aktiv ist und die Anwendung als Client gespeichert ist.',
  'oidc.endpoints.retry': 'Erneut versuchen',
} as const;
