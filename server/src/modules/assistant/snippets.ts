import type { Language } from './language.js';

/**
 * Ready-to-paste integration code for one application (issue #36, "AI-assisted coding
 * suggestions"): the auth widget by script tag, SDK tracking, the Python client, the server-side
 * check of an end user's token, and OpenID Connect sign-in — with the application's id, this
 * server's URL and its allowed origins filled in.
 *
 * Written from templates, not by a model: code a person pastes must be exactly what the guides
 * document and the tests run (server/test/assistant/snippets-run.test.ts, test/e2e/integration-snippets.test.ts).
 * Each template names the guide section it follows (`source`, an anchor of /docs) and the API
 * operations its code calls (`endpoints`), which the service checks against the OpenAPI document
 * before answering. The optional language model never touches these.
 */

export const SNIPPET_KINDS = ['widget', 'sdk', 'python', 'token-check', 'oidc'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** What the templates need to know of the application. */
export interface SnippetApplication {
  id: string;
  name: string;
  allowed_origins: string[];
  oidc: { issuer: string; client_id: string; client_type: string | null; redirect_uris: string[] };
}

export interface SnippetTemplate {
  kind: SnippetKind;
  title: string;
  /** The code's language, for highlighting: html, javascript, python. */
  language: 'html' | 'javascript' | 'python';
  /** A file name to save it as. */
  filename: string;
  code: string;
  /** Plain prose around the code: what it does, where it goes, what to check first. */
  explanation: string[];
  /** The /docs anchor of the guide section the template follows. */
  source: string;
  /** `METHOD /path` of every API operation the code calls itself (checked against the OpenAPI document). */
  endpoints: string[];
  /** Files of this server the code loads (`/cdn/…`), not API operations. */
  assets: string[];
}

interface Context {
  app: SnippetApplication;
  /** This server's public URL, without a trailing slash. */
  apiUrl: string;
  language: Language;
}

type Words = Record<Language, string>;
const say = (context: Context, words: Words) => words[context.language];

/** The explanation's note about allowed origins, for code that runs in a browser. */
function originNote(context: Context): string {
  const origins = context.app.allowed_origins;
  if (origins.length === 0)
    return say(context, {
      en: 'This application allows no browser origin yet: add your site’s origin (e.g. https://www.example.com) under “Allowed origins” on the application’s page first, or the browser refuses every call.',
      de: 'Diese Anwendung erlaubt noch keinen Browser-Ursprung: Tragen Sie zuerst den Ursprung Ihrer Website (z. B. https://www.example.com) auf der Seite der Anwendung unter „Erlaubte Ursprünge“ ein, sonst lehnt der Browser jeden Aufruf ab.',
    });
  return say(context, {
    en: `Put it on a page served from one of the application’s allowed origins: ${origins.join(', ')}.`,
    de: `Binden Sie ihn in eine Seite ein, die von einem der erlaubten Ursprünge der Anwendung ausgeliefert wird: ${origins.join(', ')}.`,
  });
}

/** A template: what stands in its answer, the code and the explanation written for a context. */
interface Recipe extends Pick<SnippetTemplate, 'language' | 'filename' | 'source' | 'endpoints' | 'assets'> {
  title: Words;
  lines(context: Context): string[];
  explains(context: Context): Words[];
  /** Code for a page in a browser: it opens with a comment naming the allowed origins, and the explanation ends with originNote. */
  browser?: true;
}

const RECIPES: Record<SnippetKind, Recipe> = {
  widget: {
    title: { en: 'Sign-in dialog (script tag)', de: 'Anmeldedialog (Script-Tag)' },
    language: 'html',
    filename: 'sign-in.html',
    browser: true,
    lines: ({ app, apiUrl }) => [
      `<script src="${apiUrl}/cdn/widget/iam-auth-widget.min.js" defer></script>`,
      '',
      '<iam-auth-dialog',
      `  application-id="${app.id}"`,
      `  api-url="${apiUrl}"`,
      '  locale="auto"',
      '  theme="auto"',
      '></iam-auth-dialog>',
      '',
      '<script>',
      '  // The session of a sign-in or registration; send event.detail.token to your backend.',
      "  document.querySelector('iam-auth-dialog').addEventListener('iam-auth-success', (event) => {",
      "    console.log('signed in as', event.detail.user.email);",
      '  });',
      '</script>',
    ],
    explains: ({ app }) => [
      {
        en: `The auth dialog signs the users of “${app.name}” in and up, with its own texts in German and English.`,
        de: `Der Auth-Dialog meldet die Benutzer von „${app.name}“ an und registriert sie, mit eigenen Texten auf Deutsch und Englisch.`,
      },
    ],
    source: '/docs#widget',
    endpoints: [],
    assets: ['/cdn/widget/iam-auth-widget.min.js'],
  },
  sdk: {
    title: { en: 'Tracking with the JavaScript SDK', de: 'Tracking mit dem JavaScript-SDK' },
    language: 'html',
    filename: 'tracking.html',
    browser: true,
    lines: ({ app, apiUrl }) => [
      '<script',
      `  src="${apiUrl}/cdn/sdk/iam-sdk.min.js"`,
      `  data-application-id="${app.id}"`,
      `  data-api-url="${apiUrl}"`,
      '></script>',
      '<script>',
      '  // Page views are tracked on their own; name the events that matter to you.',
      "  IamSdk.track('signup_clicked', { plan: 'pro' });",
      '</script>',
    ],
    explains: () => [
      {
        en: 'The script initialises itself from its data attributes, logs a page view after loading and on every navigation, and sends your events in batches.',
        de: 'Das Skript richtet sich über seine data-Attribute selbst ein, erfasst nach dem Laden und bei jeder Navigation einen Seitenaufruf und sendet Ihre Ereignisse gebündelt.',
      },
    ],
    source: '/docs#sdk--script-tag',
    endpoints: ['POST /api/v1/installations', 'POST /api/v1/analytics'],
    assets: ['/cdn/sdk/iam-sdk.min.js'],
  },
  python: {
    title: { en: 'Python client', de: 'Python-Client' },
    language: 'python',
    filename: 'track.py',
    lines: ({ app, apiUrl }) => [
      `# Download the client once: curl -O ${apiUrl}/cdn/sdk/iam_sdk.py (standard library only).`,
      'from iam_sdk import IamClient',
      '',
      `with IamClient("${app.id}", "${apiUrl}") as iam:`,
      '    iam.register_installation()',
      '    iam.track("report_exported", {"format": "csv"})',
      '    # Sends what is queued and answers how many items the server accepted.',
      '    print("accepted:", iam.flush(timeout=10))',
    ],
    explains: () => [
      {
        en: 'For jobs, scripts and backends in Python: the client queues events and sends them every few seconds and when the block ends. Requests from Python carry no Origin header, so the allowed origins do not apply.',
        de: 'Für Jobs, Skripte und Backends in Python: Der Client sammelt Ereignisse und sendet sie alle paar Sekunden sowie am Ende des Blocks. Anfragen aus Python haben keinen Origin-Header, die erlaubten Ursprünge gelten für sie also nicht.',
      },
    ],
    source: '/docs#python-sdk',
    endpoints: ['POST /api/v1/installations', 'POST /api/v1/analytics'],
    assets: ['/cdn/sdk/iam_sdk.py'],
  },
  'token-check': {
    title: { en: 'Check a user’s token on your server', de: 'Token eines Benutzers auf Ihrem Server prüfen' },
    language: 'javascript',
    filename: 'verify-token.mjs',
    lines: ({ app, apiUrl }) => [
      '// Node 18+ (fetch built in). Call it with the access token your frontend got at sign-in:',
      '//   ACCESS_TOKEN=<token> node verify-token.mjs',
      `const response = await fetch('${apiUrl}/api/auth/verify', {`,
      "  method: 'POST',",
      '  headers: {',
      `    'X-Application-ID': '${app.id}',`,
      '    Authorization: `Bearer ${process.env.ACCESS_TOKEN}`,',
      '  },',
      '});',
      'if (!response.ok) {',
      "  // 401: not signed in, expired, or a token of another application; don't trust the caller.",
      "  console.error('token refused:', response.status, (await response.json()).code);",
      '  process.exit(1);',
      '}',
      'const { user, application_id } = await response.json();',
      "console.log('token of', user.email, 'for application', application_id);",
    ],
    explains: () => [
      {
        en: 'Your backend asks this server whether an access token from the sign-in is valid for this application and whose it is, before it trusts a request.',
        de: 'Ihr Backend fragt diesen Server, ob ein Access-Token aus der Anmeldung für diese Anwendung gilt und wem es gehört, bevor es einer Anfrage vertraut.',
      },
    ],
    source: '/docs#op-post-api-auth-verify',
    endpoints: ['POST /api/auth/verify'],
    assets: [],
  },
  oidc: {
    title: { en: 'OpenID Connect (openid-client)', de: 'OpenID Connect (openid-client)' },
    language: 'javascript',
    filename: 'oidc-sign-in.mjs',
    lines: ({ app }) => {
      const confidential = app.oidc.client_type === 'web' || app.oidc.client_type === 'm2m';
      const origin = app.allowed_origins[0] ?? 'http://localhost:3000';
      const redirectUri = app.oidc.redirect_uris[0] ?? `${origin}/callback`;
      return [
        `// npm install openid-client${confidential ? '   ·   IAM_CLIENT_SECRET=<secret> node oidc-sign-in.mjs' : ''}`,
        "import * as client from 'openid-client';",
        '',
        `const issuer = new URL('${app.oidc.issuer}');`,
        'const config = await client.discovery(',
        '  issuer,',
        `  '${app.oidc.client_id}',`,
        confidential ? '  process.env.IAM_CLIENT_SECRET,' : '  undefined,',
        confidential ? '  client.ClientSecretBasic(process.env.IAM_CLIENT_SECRET),' : '  client.None(),',
        '  // Only for a development issuer on plain http: never in production.',
        "  issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,",
        ');',
        '',
        '// Keep the verifier and state in the user’s session until the callback.',
        'const codeVerifier = client.randomPKCECodeVerifier();',
        'const state = client.randomState();',
        'const url = client.buildAuthorizationUrl(config, {',
        `  redirect_uri: '${redirectUri}',`,
        "  scope: 'openid profile email',",
        '  code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),',
        "  code_challenge_method: 'S256',",
        '  state,',
        '});',
        'console.log(url.href);',
      ];
    },
    explains: ({ app }) => [
      {
        en: 'Discovers this project’s OpenID provider with openid-client and builds the sign-in URL (authorization code with PKCE). The Express quick start in the guide shows the callback that trades the code for tokens.',
        de: 'Findet den OpenID-Provider dieses Projekts mit openid-client und baut die Anmelde-URL (Authorization Code mit PKCE). Der Express-Schnellstart in der Anleitung zeigt den Callback, der den Code gegen Tokens tauscht.',
      },
      ...(app.oidc.client_type
        ? []
        : [
            {
              en: 'OpenID Connect is not set up for this application yet: choose a client type and the redirect URI on its “OpenID Connect” tab first.',
              de: 'OpenID Connect ist für diese Anwendung noch nicht eingerichtet: Wählen Sie zuerst auf ihrem Reiter „OpenID Connect“ einen Client-Typ und die Redirect-URI.',
            },
          ]),
    ],
    source: '/docs#oidc--express-with-openid-client',
    endpoints: [],
    assets: [],
  },
};

function write(kind: SnippetKind, context: Context): SnippetTemplate {
  const recipe = RECIPES[kind];
  const origins = context.app.allowed_origins;
  // An HTML comment above browser code, so the origin requirement travels with the pasted code.
  const originComment =
    origins.length === 0
      ? "<!-- Add this page's origin to the application's allowed origins first. -->"
      : `<!-- Serve this page from an allowed origin: ${origins.join(', ')} -->`;
  const explanation = recipe.explains(context).map((words) => say(context, words));
  return {
    kind,
    title: say(context, recipe.title),
    language: recipe.language,
    filename: recipe.filename,
    code: (recipe.browser ? [originComment, ...recipe.lines(context)] : recipe.lines(context)).join('\n'),
    explanation: recipe.browser ? [...explanation, originNote(context)] : explanation,
    source: recipe.source,
    endpoints: [...recipe.endpoints],
    assets: [...recipe.assets],
  };
}

export function buildSnippets(
  app: SnippetApplication,
  apiUrl: string,
  language: Language,
  kinds: readonly SnippetKind[] = SNIPPET_KINDS,
): SnippetTemplate[] {
  const context = { app, apiUrl: apiUrl.replace(/\/$/, ''), language };
  return kinds.map((kind) => write(kind, context));
}
