/**
 * Texts of the landing page's pricing section and footer links, the public /status page and the
 * /logs button to the backend function logs (issue #36 item 9).
 */
export const de = {
  'landing.nav.pricing': 'Preise',
  'landing.pricing.title': 'Preise',
  'landing.pricing.intro':
    'IAM Platform ist self-hostable: Sie betreiben es auf Ihren eigenen Servern – ohne Lizenz- oder Nutzergebühren.',
  'landing.pricing.plan': 'Self-Hosted',
  'landing.pricing.price': '0 €',
  'landing.pricing.priceNote': 'Sie zahlen nur Ihre eigene Infrastruktur.',
  'landing.pricing.point1':
    'Alle Funktionen: Organisationen, Projekte, 2FA & FIDO2, Analytics, Alerts, Webhooks',
  'landing.pricing.point2': 'Ihre Daten bleiben auf Ihren Servern',
  'landing.pricing.point3': 'MongoDB-Replica-Set oder eingebaute Datenbank',
  'landing.pricing.selfHosting': 'Self-Hosting-Anleitung',
  'landing.pricing.start': 'Konto anlegen',
  'landing.footer.aboutLink': 'Über die Plattform',
  'landing.footer.pricing': 'Preise',
  'landing.footer.privacy': 'Datenschutz',
  'landing.footer.impressum': 'Impressum',
  'landing.footer.service': 'Service',
  'landing.footer.support': 'Support',
  'landing.footer.security': 'Sicherheit',
  'statusPage.title': 'Systemstatus',
  'statusPage.intro': 'Der aktuelle Zustand der API, wie GET /api/v1/health ihn meldet.',
  'statusPage.api': 'API',
  'statusPage.database': 'Datenbank',
  'statusPage.db.up': 'Erreichbar',
  'statusPage.db.degraded': 'Nur lesend',
  'statusPage.db.down': 'Nicht erreichbar',
  'statusPage.version': 'Version',
  'statusPage.uptime': 'Laufzeit seit Start',
  'statusPage.refresh': 'Erneut prüfen',
  'statusPage.backHome': 'Zur Startseite',
  'statusPage.support': 'Hilfe finden Sie in der Dokumentation und bei ihrem KI-Assistenten.',
  'statusPage.docs': 'Zur Dokumentation',
  'logs.functionLogs': 'Backend-Funktionslogs',
  'logs.functionLogsHint': 'Aufrufe der Backend-Funktionen (/functions/v1/…) in den Aktivitäts-Logs',
} as const;
