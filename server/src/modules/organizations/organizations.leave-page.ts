import ejs from 'ejs';
import type { LeaveLinkView } from './organizations.views.js';

/**
 * The pages behind the invitation mail's leave link: it is opened from a mail client, by someone
 * who may have no session and never wanted one, so the server answers plain HTML (German, the
 * product's language) instead of sending them into the dashboard's sign-in. The GET page changes
 * nothing — mail scanners and link previews follow links — and asks for one click, a form POST to
 * the same URL. No scripts, so helmet's default Content-Security-Policy holds; every value is
 * escaped by ejs (`<%= %>`).
 */
const renderPage = ejs.compile(
  `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title><%= title %> – IAM Platform</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f5f7;color:#111827}
main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;line-height:1.5}
h1{font-size:20px;margin:0 0 16px}
button{padding:12px 24px;border:0;border-radius:6px;background:#dc2626;color:#fff;font-weight:600;font-size:15px;cursor:pointer}
a{color:#2563eb}
</style>
</head>
<body>
<main>
<h1><%= title %></h1>
<% for (const paragraph of paragraphs) { %><p><%= paragraph %></p>
<% } %><% if (token) { %><form method="post" action="">
<input type="hidden" name="token" value="<%= token %>">
<button type="submit">Organisation verlassen</button>
</form>
<% } %><p><a href="<%= dashboardUrl %>">Zum Dashboard</a></p>
</main>
</body>
</html>`,
);

interface Page {
  title: string;
  paragraphs: string[];
  token?: string;
  dashboardUrl: string;
}

const render = (page: Page) => renderPage({ token: null, ...page });

export function leaveConfirmationPage(view: LeaveLinkView, token: string, dashboardUrl: string): string {
  return render({
    title: `Organisation „${view.organization_name}“ verlassen?`,
    paragraphs: [
      `${view.inviter_name} (${view.inviter_email}) hat Sie in die Organisation „${view.organization_name}“ eingeladen.`,
      'Wenn Sie nicht Mitglied sein möchten, lehnen Sie die Einladung hier mit einem Klick ab – oder verlassen die Organisation, falls Sie schon angenommen haben. Eine Anmeldung ist dafür nicht nötig.',
    ],
    token,
    dashboardUrl,
  });
}

export function leftPage(view: LeaveLinkView, dashboardUrl: string): string {
  return render({
    title: 'Organisation verlassen',
    paragraphs: [
      `Sie sind nicht mehr Mitglied der Organisation „${view.organization_name}“.`,
      `Falls das ein Versehen war, bitten Sie ${view.inviter_name} (${view.inviter_email}), Sie erneut einzuladen.`,
    ],
    dashboardUrl,
  });
}

export function leaveErrorPage(message: string, dashboardUrl: string): string {
  return render({ title: 'Organisation verlassen', paragraphs: [message], dashboardUrl });
}

/** German texts for the errors the leave link can meet (the API's own messages are English). */
export const LEAVE_PAGE_ERRORS: Record<string, string> = {
  invalid_leave_token:
    'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet – oder Sie sind nicht mehr Mitglied. Im Dashboard können Sie Organisationen jederzeit selbst verlassen.',
  last_admin:
    'Sie sind inzwischen der einzige Admin dieser Organisation und können sie deshalb nicht verlassen. Machen Sie zuerst ein anderes Mitglied zum Admin; der Link bleibt bis dahin gültig.',
};
