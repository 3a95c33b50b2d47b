/**
 * The demo page's texts: German like the dashboard's pages, the dialog itself English (SPEC:
 * the interface mixes German pages and the English auth dialog).
 */
export const texts = {
  title: 'Auth-Dialog Demo',
  intro:
    'Probieren Sie den einbettbaren Anmeldedialog mit Ihrer Anwendung aus und übernehmen Sie ihn mit wenigen Zeilen in Ihre Website.',
  setupTitle: 'Ihre Anwendung',
  idLabel: 'Application-ID',
  idHint:
    'Sie finden die ID im Dashboard unter Projekte → Ihr Projekt → Anwendung (Details). Andere Websites müssen dort bei den erlaubten Origins eingetragen sein; diese Seite ist es immer.',
  idInvalid: 'Eine Application-ID besteht aus 24 Zeichen (0–9, a–f).',
  poolNote:
    'Der Dialog meldet Endnutzer dieser Anwendung an – die Benutzer ihres Projekts (Projekt → Benutzer), nicht Ihr Dashboard-Konto. Registrieren Sie hier einen Testnutzer.',
  dialogLabel: 'Live-Dialog',
  dialogWaiting: 'Geben Sie eine Application-ID ein, dann erscheint hier der Dialog dieser Anwendung.',
  tokenTitle: 'JWT-Vorschau',
  tokenEmpty: 'Nach der Anmeldung erscheinen hier die ersten 50 Zeichen des Zugriffstokens.',
  guideTitle: 'Integrationsanleitung',
  guideIntro: 'Die Beispiele enthalten die oben eingegebene Application-ID und die Adresse dieses Servers.',
  copy: 'Kopieren',
  copied: 'Kopiert',
  copyFailed: 'Failed to copy',
  featuresTitle: 'Funktionen',
  features: [
    {
      title: 'Anmelden & Registrieren',
      text: 'Tabs für Login und Registrierung, Bestätigung per E-Mail, Abmelden.',
    },
    { title: 'Passwort vergessen', text: 'Der Reset-Link kommt mit der E-Mail-Vorlage Ihrer Anwendung.' },
    { title: 'Deutsch & Englisch', text: 'locale="de", "en" oder "auto" nach der Sprache des Browsers.' },
    { title: 'Anpassbar', text: 'Hell, dunkel oder automatisch; CSS-Variablen und ::part() für Ihr Design.' },
    { title: 'Barrierefrei', text: 'Beschriftete Felder, Tastaturbedienung, Fokusfalle, angesagte Fehler.' },
    {
      title: 'Klare Fehler',
      text: 'Falsche Daten, gesperrtes Konto, Wartezeit, Netzwerk und nicht erlaubte Origins.',
    },
  ],
};

/** The integration guide's samples for this server and application. */
export function snippets(origin: string, applicationId: string): { title: string; code: string }[] {
  return [
    {
      title: 'Script-Tag',
      code: `<script src="${origin}/cdn/widget/iam-auth-widget.min.js" defer></script>

<iam-auth-dialog
  application-id="${applicationId}"
  api-url="${origin}"
  locale="auto"
  theme="auto"
></iam-auth-dialog>

<!-- Oder als Buttons "Sign in" / "Sign up", die den Dialog öffnen: -->
<iam-auth-dialog trigger application-id="${applicationId}" api-url="${origin}"></iam-auth-dialog>`,
    },
    {
      title: 'React',
      code: `// npm install @iam-platform/auth-widget @iam-platform/sdk
import { AuthDialog, authDialogCss } from '@iam-platform/auth-widget';

export function SignIn() {
  return (
    <>
      <style>{authDialogCss}</style>
      <AuthDialog
        applicationId="${applicationId}"
        apiUrl="${origin}"
        locale="de"
        onSuccess={({ user, token }) => console.log(user.email, token)}
      />
    </>
  );
}`,
    },
    {
      title: 'Events und Methoden',
      code: `const dialog = document.querySelector('iam-auth-dialog');
dialog.addEventListener('iam-auth-success', (event) => {
  const { user, token, refresh_token, expires_at } = event.detail;
});
dialog.addEventListener('iam-auth-error', (event) => console.warn(event.detail.code, event.detail.message));
dialog.addEventListener('iam-auth-signout', () => {});
dialog.addEventListener('iam-auth-ready', (event) => console.log(event.detail.user));

dialog.open('register'); // mit trigger: als Modal
dialog.close();
dialog.getSession(); // { token, refresh_token, expires_at, user } oder null
dialog.signOut();`,
    },
    {
      title: 'Theming',
      code: `iam-auth-dialog {
  --iam-color-primary: #0f766e;
  --iam-color-on-primary: #ffffff;
  --iam-radius: 4px;
  --iam-font: 'Inter', sans-serif;
}
iam-auth-dialog::part(button) { text-transform: uppercase; }
iam-auth-dialog::part(input) { background: #f8fafc; }`,
    },
  ];
}
