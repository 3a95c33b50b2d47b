/** Texts of /auth-demo (SPEC §2): try the embeddable auth dialog, and how to embed it. */
export const de = {
  'authDemo.title': 'Auth-Dialog Demo',
  'authDemo.intro':
    'Probieren Sie den einbettbaren Anmeldedialog mit Ihrer Anwendung aus und übernehmen Sie ihn mit wenigen Zeilen in Ihre Website.',
  'authDemo.setupTitle': 'Ihre Anwendung',
  'authDemo.idLabel': 'Application-ID',
  'authDemo.idHint':
    'Sie finden die ID im Dashboard unter Projekte → Ihr Projekt → Anwendung (Details). Andere Websites müssen dort bei den erlaubten Origins eingetragen sein; diese Seite ist es immer.',
  'authDemo.idInvalid': 'Eine Application-ID besteht aus 24 Zeichen (0–9, a–f).',
  'authDemo.poolNote':
    'Der Dialog meldet Endnutzer dieser Anwendung an – die Benutzer ihres Projekts (Projekt → Benutzer), nicht Ihr Dashboard-Konto. Registrieren Sie hier einen Testnutzer.',
  'authDemo.dialogLabel': 'Live-Dialog',
  'authDemo.dialogWaiting':
    'Geben Sie eine Application-ID ein, dann erscheint hier der Dialog dieser Anwendung.',
  'authDemo.tokenTitle': 'JWT-Vorschau',
  'authDemo.tokenEmpty': 'Nach der Anmeldung erscheinen hier die ersten 50 Zeichen des Zugriffstokens.',
  'authDemo.guideTitle': 'Integrationsanleitung',
  'authDemo.guideIntro':
    'Die Beispiele enthalten die oben eingegebene Application-ID und die Adresse dieses Servers.',
  'authDemo.copy': 'Kopieren',
  'authDemo.copied': 'Kopiert',
  'authDemo.copyFailed': 'Kopieren fehlgeschlagen',
  'authDemo.featuresTitle': 'Funktionen',
  'authDemo.feature1.title': 'Anmelden & Registrieren',
  'authDemo.feature1.text': 'Tabs für Login und Registrierung, Bestätigung per E-Mail, Abmelden.',
  'authDemo.feature2.title': 'Passwort vergessen',
  'authDemo.feature2.text': 'Der Reset-Link kommt mit der E-Mail-Vorlage Ihrer Anwendung.',
  'authDemo.feature3.title': 'Deutsch & Englisch',
  'authDemo.feature3.text': 'locale="de", "en" oder "auto" nach der Sprache des Browsers.',
  'authDemo.feature4.title': 'Anpassbar',
  'authDemo.feature4.text': 'Hell, dunkel oder automatisch; CSS-Variablen und ::part() für Ihr Design.',
  'authDemo.feature5.title': 'Barrierefrei',
  'authDemo.feature5.text': 'Beschriftete Felder, Tastaturbedienung, Fokusfalle, angesagte Fehler.',
  'authDemo.feature6.title': 'Klare Fehler',
  'authDemo.feature6.text':
    'Falsche Daten, gesperrtes Konto, Wartezeit, Netzwerk und nicht erlaubte Origins.',
  'authDemo.snippet.events': 'Events und Methoden',
  'authDemo.snippet.triggerComment': 'Oder als Buttons „Sign in“ / „Sign up“, die den Dialog öffnen:',
  'authDemo.snippet.modalComment': 'mit trigger: als Modal',
  'authDemo.snippet.orNull': 'oder null',
} as const;
