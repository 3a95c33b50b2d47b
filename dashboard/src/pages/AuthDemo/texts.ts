import type { Translate } from '../../i18n/useT';

/** The feature cards: their texts are `authDemo.feature<n>.title` / `.text` in the catalog. */
export const FEATURES = [1, 2, 3, 4, 5, 6] as const;

/** The integration guide's samples for this server and application. */
export function snippets(
  t: Translate,
  origin: string,
  applicationId: string,
): { title: string; code: string }[] {
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

<!-- ${t('authDemo.snippet.triggerComment')} -->
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
      title: t('authDemo.snippet.events'),
      code: `const dialog = document.querySelector('iam-auth-dialog');
dialog.addEventListener('iam-auth-success', (event) => {
  const { user, token, refresh_token, expires_at } = event.detail;
});
dialog.addEventListener('iam-auth-error', (event) => console.warn(event.detail.code, event.detail.message));
dialog.addEventListener('iam-auth-signout', () => {});
dialog.addEventListener('iam-auth-ready', (event) => console.log(event.detail.user));

dialog.open('register'); // ${t('authDemo.snippet.modalComment')}
dialog.close();
dialog.getSession(); // { token, refresh_token, expires_at, user } ${t('authDemo.snippet.orNull')}
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
