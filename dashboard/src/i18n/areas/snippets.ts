/**
 * Texts of the integration code card (issue #36, "AI-assisted coding suggestions"): on an
 * application's page and in the assistant of /docs, ready-to-paste code for that application.
 */
export const de = {
  'snippets.title': 'Integrationscode',
  'snippets.intro':
    'Fertiger Code für diese Anwendung, mit ihrer ID, der Adresse dieses Servers und den erlaubten Ursprüngen. Er folgt den Anleitungen; jeder Aufruf darin existiert in der API.',
  'snippets.tabs': 'Art des Integrationscodes',
  'snippets.kind.widget': 'Anmeldedialog',
  'snippets.kind.sdk': 'SDK-Tracking',
  'snippets.kind.python': 'Python',
  'snippets.kind.token-check': 'Token-Prüfung',
  'snippets.kind.oidc': 'OpenID Connect',
  'snippets.codeLabel': 'Code: {title}',
  'snippets.copy': 'Code kopieren: {title}',
  'snippets.saveAs': 'Speichern als {filename}',
  'snippets.source': 'Anleitung: {title}',
  'snippets.loading': 'Der Integrationscode wird geladen …',
  'snippets.loadFailed': 'Der Integrationscode konnte nicht geladen werden.',
  'snippets.docs.title': 'Integrationscode für eine Anwendung',
  'snippets.docs.intro':
    'Wählen Sie eine Ihrer Anwendungen: Der Assistent schreibt den Code zum Einbinden, mit ihren Werten ausgefüllt.',
  'snippets.docs.application': 'Anwendung',
  'snippets.docs.choose': 'Anwendung wählen …',
  'snippets.docs.signIn': 'Melden Sie sich an, um Integrationscode für Ihre Anwendungen zu erhalten.',
  'snippets.docs.none': 'Sie haben noch keine Anwendung. Legen Sie in einem Projekt eine an.',
} as const;
