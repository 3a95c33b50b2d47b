/**
 * Texts of the first-run checklist on the dashboard (issue #36): six steps from the organization
 * to the first event, each ticked from the server's data (GET /api/v1/onboarding).
 */
export const de = {
  'onboarding.title': 'Erste Schritte',
  'onboarding.intro':
    'Von der Organisation bis zum ersten Ereignis Ihrer Website. Jeder Schritt hakt sich selbst ab, sobald er erledigt ist.',
  'onboarding.progress': '{done} von {total} erledigt',
  'onboarding.progressLabel': 'Fortschritt der ersten Schritte',
  'onboarding.dismiss': 'Ausblenden',
  'onboarding.dismissLabel': 'Checkliste „Erste Schritte“ ausblenden',
  'onboarding.restore': 'Erste Schritte anzeigen',
  'onboarding.restoreText': 'Erste Schritte: {done} von {total} erledigt.',
  'onboarding.loading': 'Die Checkliste „Erste Schritte“ wird geladen …',
  'onboarding.loadFailed': 'Die Checkliste „Erste Schritte“ konnte nicht geladen werden.',
  'onboarding.complete': 'Alles erledigt: Ihre Website sendet Ereignisse an die Plattform.',
  'onboarding.retry': 'Erneut versuchen',
  'onboarding.saveFailed': 'Das hat nicht geklappt. Bitte erneut versuchen.',
  'onboarding.status.done': 'Erledigt',
  'onboarding.status.open': 'Offen',
  'onboarding.status.next': 'Nächster Schritt',
  'onboarding.step.organization.title': 'Organisation anlegen',
  'onboarding.step.organization.text': 'In einer Organisation arbeitet Ihr Team zusammen.',
  'onboarding.step.organization.action': 'Zu den Organisationen',
  'onboarding.step.project.title': 'Projekt anlegen',
  'onboarding.step.project.text': 'Ein Projekt bündelt Ihre Anwendungen und deren Benutzer.',
  'onboarding.step.project.action': 'Zu den Projekten',
  'onboarding.step.application.title': 'Anwendung anlegen',
  'onboarding.step.application.text': 'Jede Website oder App erhält eine Anwendung mit eigener ID.',
  'onboarding.step.application.action': 'Zum Projekt',
  'onboarding.step.origin.title': 'Origin Ihrer Website erlauben',
  'onboarding.step.origin.text':
    'Tragen Sie unter „Bearbeiten“ die Adresse Ihrer Website ein, z. B. https://shop.example.com – nur von dort nimmt die Plattform Anfragen an.',
  'onboarding.step.origin.action': 'Zur Anwendung',
  'onboarding.step.snippet.title': 'Snippet einfügen',
  'onboarding.step.snippet.text':
    'Fügen Sie diesen Code in die Seiten Ihrer Website ein. Sobald eine Seite damit geladen wird, hakt sich der Schritt ab.',
  'onboarding.step.snippet.action': 'Anleitung in den Docs',
  'onboarding.step.event.title': 'Erstes Ereignis empfangen',
  'onboarding.step.event.text':
    'Das Snippet sendet beim Laden das Ereignis „first_event“; eigene senden Sie mit IamSdk.track(…).',
  'onboarding.step.event.action': 'Zu Analytics',
  'onboarding.snippet.label': 'Snippet für Ihre Website',
  'onboarding.snippet.copy': 'Snippet kopieren',
  'onboarding.snippet.live': 'Diese Liste aktualisiert sich alle paar Sekunden.',
} as const;
