/**
 * The UI's message catalog. German is the product language (SPEC.md); English is the second
 * locale. Every user-visible string comes from here so the two cannot drift.
 */
export const de = {
  'app.name': 'IAM Platform',
  'app.tagline': 'Identity & Access Management',
  'nav.home': 'Startseite',
  'nav.skipToContent': 'Zum Inhalt springen',
  'notFound.title': 'Oops! Page not found',
  'notFound.code': '404',
  'notFound.backHome': 'Zurück zur Startseite',
  'errorFallback.title': 'Unexpected Application Error!',
  'errorFallback.reload': 'Seite neu laden',
  'home.title': 'IAM Platform',
  'home.subtitle': 'Identitäts- und Zugriffsverwaltung für Entwickler und Teams',
  'home.apiStatus': 'API-Status',
  'home.apiStatus.loading': 'Wird geprüft …',
  'home.apiStatus.ok': 'Betriebsbereit',
  'home.apiStatus.degraded': 'Eingeschränkt',
  'home.apiStatus.error': 'Nicht erreichbar',
  'home.version': 'Version',
  'home.apiDocs': 'API-Dokumentation',
  'locale.switch': 'English',
} as const;

export type MessageKey = keyof typeof de;

export const en: Record<MessageKey, string> = {
  'app.name': 'IAM Platform',
  'app.tagline': 'Identity & Access Management',
  'nav.home': 'Home',
  'nav.skipToContent': 'Skip to content',
  'notFound.title': 'Oops! Page not found',
  'notFound.code': '404',
  'notFound.backHome': 'Return to Home',
  'errorFallback.title': 'Unexpected Application Error!',
  'errorFallback.reload': 'Reload page',
  'home.title': 'IAM Platform',
  'home.subtitle': 'Identity and access management for developers and teams',
  'home.apiStatus': 'API status',
  'home.apiStatus.loading': 'Checking …',
  'home.apiStatus.ok': 'Operational',
  'home.apiStatus.degraded': 'Degraded',
  'home.apiStatus.error': 'Unreachable',
  'home.version': 'Version',
  'home.apiDocs': 'API documentation',
  'locale.switch': 'Deutsch',
};

export const catalogs = { de, en } as const;
export type Locale = keyof typeof catalogs;
