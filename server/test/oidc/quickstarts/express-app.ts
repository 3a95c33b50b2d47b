// Quick start: an Express web app signs its users in with IAM Platform (OpenID Connect),
// using openid-client v6 as a confidential client (client_secret_basic).
//
//   npm install express express-session openid-client
//   ISSUER=https://iam.example.com/oidc/<project id> CLIENT_ID=<application id> \
//   CLIENT_SECRET=<secret> SESSION_SECRET=<random> APP_URL=http://localhost:3000 npx tsx express-app.ts
//
// Register on the application's "OpenID Connect" tab: client type "web", redirect URI
// {APP_URL}/callback, post-logout redirect URI {APP_URL}/.
import { pathToFileURL } from 'node:url';
import express from 'express';
import session from 'express-session';
import * as client from 'openid-client';

export interface ExpressAppOptions {
  /** The pool's issuer: `{PUBLIC_URL}/oidc/{project id}`. */
  issuer: string;
  /** The application id. */
  clientId: string;
  clientSecret: string;
  /** Where this app is reached, e.g. `http://localhost:3000` (no trailing slash). */
  appUrl: string;
  /** Signs the session cookie. */
  sessionSecret: string;
}

// What the session keeps: the sign-in in progress, then the signed-in user.
declare module 'express-session' {
  interface SessionData {
    login?: { codeVerifier: string; state: string; nonce: string };
    user?: { claims: client.IDToken; userinfo: client.UserInfoResponse; idToken: string };
  }
}

export async function createApp(options: ExpressAppOptions): Promise<express.Express> {
  const issuer = new URL(options.issuer);
  const config = await client.discovery(
    issuer,
    options.clientId,
    options.clientSecret,
    client.ClientSecretBasic(options.clientSecret),
    // Only for a development issuer on plain http (e.g. http://localhost): never in production.
    issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  const redirectUri = `${options.appUrl}/callback`;

  const app = express();
  app.use(
    session({
      name: 'quickstart.sid',
      secret: options.sessionSecret,
      resave: false,
      saveUninitialized: false,
      // Lax: the cookie comes along when the provider redirects back to /callback (a top-level GET).
      cookie: { httpOnly: true, sameSite: 'lax', secure: options.appUrl.startsWith('https:') },
    }),
  );

  app.get('/login', async (req, res) => {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    req.session.login = { codeVerifier, state, nonce };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.redirect(url.href);
  });

  app.get('/callback', async (req, res) => {
    const login = req.session.login;
    if (!login) {
      res.status(400).send('No sign-in in progress. <a href="/login">Sign in</a>');
      return;
    }
    // Checks the state, the code's PKCE verifier, the ID token (signature, iss, aud, exp, nonce).
    const tokens = await client.authorizationCodeGrant(config, new URL(req.originalUrl, options.appUrl), {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // The ID token carries the sign-in (sub, acr, amr, auth_time) and the profile of the requested
    // scopes (email, email_verified, name, locale); userinfo answers the same claims, read now.
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    // A new session id after sign-in (no session fixation).
    await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
    req.session.user = { claims, userinfo, idToken: tokens.id_token! };
    res.redirect('/');
  });

  app.get('/', (req, res) => {
    const user = req.session.user;
    if (!user) {
      res.send('<h1>Not signed in</h1><a href="/login">Sign in</a>');
      return;
    }
    res.send(
      `<h1>Signed in as ${escape(String(user.userinfo.name ?? user.userinfo.email))}</h1>` +
        `<h2>ID token claims</h2><pre id="claims">${escape(JSON.stringify(user.claims, null, 2))}</pre>` +
        `<h2>Userinfo</h2><pre id="userinfo">${escape(JSON.stringify(user.userinfo, null, 2))}</pre>` +
        '<form method="post" action="/logout"><button>Sign out</button></form>',
    );
  });

  // POST, so another site cannot sign the user out with a link (the Lax cookie is not sent).
  app.post('/logout', (req, res) => {
    const idToken = req.session.user?.idToken;
    req.session.destroy(() => {
      if (!idToken) {
        res.redirect('/');
        return;
      }
      // RP-initiated logout: the provider ends its session too and sends the browser back here.
      const url = client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${options.appUrl}/`,
      });
      res.redirect(url.href);
    });
  });

  return app;
}

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

// `npx tsx express-app.ts`: configured from the environment.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`Set ${name} (see the top of this file).`);
    return value;
  };
  const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
  const app = await createApp({
    issuer: env('ISSUER'),
    clientId: env('CLIENT_ID'),
    clientSecret: env('CLIENT_SECRET'),
    sessionSecret: env('SESSION_SECRET'),
    appUrl,
  });
  app.listen(Number(new URL(appUrl).port || 3000), () => console.log(`Listening on ${appUrl}`));
}
