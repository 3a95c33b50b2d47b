import ejs from 'ejs';

/**
 * The plain HTML pages behind the single-use links we mail (leave an organization, "this wasn't
 * me", confirm a sender). They are opened from a mail client by someone who may have no session
 * and never wanted one, so the server answers a page instead of sending them into the dashboard's
 * sign-in. The GET page changes nothing — mail scanners and link previews follow links — and asks
 * for one click, a form POST to the same URL. No scripts, so the Content-Security-Policy holds;
 * every value is escaped by ejs (`<%= %>`).
 */
export interface LinkPage {
  lang: 'de' | 'en';
  title: string;
  paragraphs: string[];
  /** The link's token: with it the page offers the one button (a POST to the same URL). */
  token?: string | null;
  /** The button's text, and whether it destroys something (red) or confirms (blue). */
  button?: { label: string; tone: 'danger' | 'confirm' };
  /** Where to go next, e.g. the dashboard. */
  link?: { href: string; label: string };
}

const renderPage = ejs.compile(
  `<!doctype html>
<html lang="<%= lang %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title><%= title %> – IAM Platform</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f5f7;color:#111827}
main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;line-height:1.5}
h1{font-size:20px;margin:0 0 16px}
button{padding:12px 24px;border:0;border-radius:6px;background:<%= buttonColor %>;color:#fff;font-weight:600;font-size:15px;cursor:pointer}
a{color:#2563eb}
</style>
</head>
<body>
<main>
<h1><%= title %></h1>
<% for (const paragraph of paragraphs) { %><p><%= paragraph %></p>
<% } %><% if (token && button) { %><form method="post" action="">
<input type="hidden" name="token" value="<%= token %>">
<button type="submit"><%= button.label %></button>
</form>
<% } %><% if (link) { %><p><a href="<%= link.href %>"><%= link.label %></a></p>
<% } %></main>
</body>
</html>`,
);

export function renderLinkPage(page: LinkPage): string {
  return renderPage({
    token: null,
    button: null,
    link: null,
    ...page,
    buttonColor: page.button?.tone === 'confirm' ? '#2563eb' : '#dc2626',
  });
}
