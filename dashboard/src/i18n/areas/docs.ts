/**
 * The frame of /docs and /api-docs in the dashboard's language (issue #36). The guides and the
 * endpoint descriptions themselves come from docs/*.md and the OpenAPI document, in English.
 */
export const de = {
  'docs.pageTitle': 'API-Dokumentation · IAM Platform',
  'docs.title': 'API-Dokumentation',
  'docs.lead':
    'Alles, um auf der IAM Platform aufzubauen: ein Schnellstart, der mit diesem Server funktioniert, der Auth-Dialog, jeder Endpunkt, die SDKs, das E-Mail-System, eine Anleitung für KI-Assistenten und ein Dokumentations-Assistent.',
  'docs.contentNote': 'Die Anleitungen und Endpunktbeschreibungen sind auf Englisch.',
  'docs.backToDashboard': 'Zurück zum Dashboard',
  'docs.backToHome': 'Zurück zur Startseite',
  'docs.onThisPage': 'Auf dieser Seite',
  'docs.section.quickStart': 'Schnellstart',
  'docs.section.assistant': 'Die Dokumentation fragen',
  'docs.section.authDialog': 'Auth-Dialog',
  'docs.section.apiReference': 'Endpunkt-Referenz',
  'docs.section.sdks': 'SDKs',
  'docs.section.email': 'E-Mail-System',
  'docs.section.ai': 'Anleitung für KI-Assistenten',
  'docs.section.guides': 'Anleitungen',
  'docs.loading': 'Wird geladen …',
  'docs.guideFailed': 'Diese Anleitung konnte nicht geladen werden.',
  'docs.guidesLead':
    'Die Anleitungen aus dem Ordner docs/ des Repositorys: Konzepte, jede Funktion im Detail, Selbst-Hosting, Sicherheit.',
  'docs.guidesLoading': 'Die Anleitungen werden geladen …',
  'docs.guidesFailed': 'Die Anleitungen konnten nicht geladen werden.',
  'docs.copy': 'Kopieren',
  'docs.copied': 'Kopiert',
  'docs.copyFailed': 'Kopieren fehlgeschlagen',

  'docs.sdk.feature1': 'Installationen, anonyme Benutzer und Sitzungen, mit auf dem Gerät gespeicherten IDs',
  'docs.sdk.feature2':
    'Seitenaufrufe (automatisch), eigene Events und Aktivitätseinträge, gebündelt und mit Wiederholungen',
  'docs.sdk.feature3':
    'Auth-Client für die Benutzer Ihrer Anwendung: Anmelden, Registrieren, Prüfen, Berechtigungen, Token erneuern',
  'docs.sdk.feature4': 'Opt-out und Do Not Track; wirft nie Fehler in Ihre Seite',
  'docs.sdk.feature5': 'Python: dieselben Events aus Backends, Skripten und Workern',
  'docs.sdk.scriptTitle': 'JavaScript-SDK – Script-Tag',
  'docs.sdk.scriptText': 'Eine Datei für <script src>, definiert window.IamSdk.',
  'docs.sdk.moduleTitle': 'JavaScript-SDK – ES-Modul',
  'docs.sdk.moduleText': 'import { init, track } from …',
  'docs.sdk.pythonTitle': 'Python-Client',
  'docs.sdk.pythonText': 'Eine Datei, nur Standardbibliothek, Python 3.9+.',
  'docs.sdk.browser': 'Browser',
  'docs.sdk.python': 'Python',
  'docs.sdk.more1': 'Jeder Aufruf: die',
  'docs.sdk.reference': 'SDK-Referenz',
  'docs.sdk.more2': '; Optionen und Verhalten: die Anleitungen',
  'docs.sdk.jsGuide': 'JavaScript-SDK',
  'docs.sdk.and': 'und',
  'docs.sdk.pythonGuide': 'Python-Client',

  'docs.email.lead':
    'Jede Anwendung hat System-Templates (Bestätigung, Passwort zurücksetzen, Einladung, Willkommen) und eigene, auf Deutsch und Englisch, mit {{variables}}, Vorschau und Testversand. Senden Sie sie aus Ihrem Backend mit einem API-Token (Scope write):',
  'docs.email.manage': 'E-Mail-Templates verwalten',
  'docs.email.guide': 'Anleitung zu Templates und Versand',

  'docs.ai.lead':
    'Eine Markdown-Datei für Ihren KI-Coding-Assistenten: wie man diese Plattform einbindet – Basis-URLs, Authentifizierung, Fehler und jeder Endpunkt und SDK-Aufruf dieses Servers. Sie entsteht bei jedem Serverstart aus dem OpenAPI-Dokument und den SDK-Quellen und passt daher immer zu dem, was hier läuft.',
  'docs.ai.download': 'iam-platform-ai-integration.md herunterladen',
  'docs.ai.open': 'Öffnen',

  'docs.dialog.lead':
    'Ein Anmelde- und Registrierungsdialog für Ihre eigene Website, mit einem Script-Tag. Er spricht mit der Einbettungs-API (/api/auth/*) Ihrer Anwendung und meldet die Events iam-auth-success, iam-auth-error und iam-auth-signout. Mit dem Attribut trigger erscheinen Buttons „Sign In“ / „Sign Up“, die ihn als Modal öffnen.',
  'docs.dialog.guideLink': 'Einzelheiten in der Widget-Anleitung',
  'docs.dialog.preview': 'Live-Vorschau',
  'docs.dialog.idLabel': 'Application-ID für die Vorschau',
  'docs.dialog.idPlaceholder': 'z. B. 665f1c2b9d3e4a0012345678',
  'docs.dialog.idHint':
    'Mit der ID einer Ihrer Anwendungen (deren erlaubte Origins diese Seite enthalten) können Sie sich tatsächlich anmelden.',
  'docs.dialog.scriptFailed': 'Das Widget-Skript konnte nicht von {url} geladen werden.',

  'docs.api.lead':
    'Jede Operation dieses Servers aus seinem OpenAPI-Dokument ({url}), nach Bereichen gruppiert. Öffnen Sie eine für Parameter, Request- und Response-Schemas und ein Beispiel; „Ausprobieren“ öffnet sie in Swagger UI. Mit * markierte Felder sind Pflicht.',
  'docs.api.graphql':
    'Dieselben Operationen beantwortet GraphQL unter POST /api/v1/graphql; das Schema steht unter /api/v1/graphql/schema.graphql (GraphiQL unter /api/v1/graphql auf einem Entwicklungsserver), siehe die Anleitung zur GraphQL-API.',
  'docs.api.loading': 'Das OpenAPI-Dokument wird geladen …',
  'docs.api.failed': 'Das OpenAPI-Dokument konnte nicht geladen werden.',
  'docs.api.field': 'Feld',
  'docs.api.name': 'Name',
  'docs.api.in': 'In',
  'docs.api.type': 'Typ',
  'docs.api.description': 'Beschreibung',
  'docs.api.bearer': 'Braucht Authorization: Bearer <Zugriffstoken>',
  'docs.api.orToken': ' oder ein API-Token mit dem Scope {scope}',
  'docs.api.noTokens': ' (API-Tokens werden abgewiesen)',
  'docs.api.public': 'Öffentlich: keine Anmeldedaten nötig.',
  'docs.api.parameters': 'Parameter',
  'docs.api.requestBody': 'Request-Body',
  'docs.api.responses': 'Antworten',
  'docs.api.example': 'Beispiel',
  'docs.api.tryIt': 'In Swagger UI ausprobieren',
  'docs.api.other': 'Sonstiges',

  'docs.assistant.lead':
    'Fragen Sie in eigenen Worten; die Antwort wird aus diesen Anleitungen, der Endpunkt-Referenz und der SDK-Referenz zusammengestellt und nennt ihre Quellen. Sie gibt nur wieder, was in der Dokumentation steht.',
  'docs.assistant.question': 'Ihre Frage',
  'docs.assistant.placeholder': 'z. B. Wie widerrufe ich einen API-Token?',
  'docs.assistant.area': 'Bereich',
  'docs.assistant.anyArea': 'Alle Bereiche',
  'docs.assistant.userAuth': 'Benutzer-Authentifizierung',
  'docs.assistant.logging': 'Logging',
  'docs.assistant.monitoring': 'Monitoring',
  'docs.assistant.ask': 'Fragen',
  'docs.assistant.searching': 'Wird gesucht …',
  'docs.assistant.sources': 'Quellen',
  'docs.assistant.empty': 'Bitte geben Sie eine Frage ein',
  'docs.assistant.failed': 'Die Antwort konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
} as const;
