import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const OWNER_PASSWORD = 'Besitzer-Passwort-1';
const PASSWORD = 'Laugenbrezel-mit-Salz-4';
const ACR_2FA = 'urn:iam-platform:acr:2fa';
const TOTP_PERIOD_S = 30;

/** What the sample relying party shows after a sign-in. */
interface SignedIn {
  /** The ID token's claims: sub, acr, amr, auth_time … and the scopes' email, email_verified, name, locale. */
  claims: client.IDToken;
  /** The userinfo endpoint's answer with the access token (the same scope claims, read now). */
  userinfo: client.UserInfoResponse;
  idToken: string;
  scope: string | undefined;
  refreshToken: string | undefined;
}

interface RelyingParty {
  origin: string;
  /** Discovery at the issuer, as the registered client. */
  register(issuer: string, clientId: string, clientSecret: string): Promise<void>;
  /** The claims of the last sign-in (also shown on its page). */
  signedIn(): SignedIn | null;
  /** The error the provider sent back to the callback, if any. */
  lastError(): string | null;
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function html(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

function cookieOf(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * A sample relying party as a partner would write it with `openid-client` v6 (authorization code
 * with PKCE S256, `state` and `nonce` kept per browser in a cookie-bound flow, the client secret
 * at the token endpoint), on its own loopback port — another site than the issuer.
 */
async function startRelyingParty(options: {
  name: string;
  scope: string;
  extra?: Record<string, string>;
}): Promise<RelyingParty> {
  let discovered: client.Configuration | null = null;
  const configOf = () => {
    if (!discovered) throw new Error('the relying party is not registered yet');
    return discovered;
  };
  const flows = new Map<string, { state: string; nonce: string; verifier: string }>();
  let signedIn: SignedIn | null = null;
  let lastError: string | null = null;
  let origin = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/') {
        const claims = signedIn
          ? `<p>Angemeldet als ${escapeHtml(String(signedIn.userinfo.email ?? signedIn.claims.sub))}</p><h2>ID-Token</h2><pre id="claims">${escapeHtml(JSON.stringify(signedIn.claims, null, 2))}</pre><h2>Userinfo</h2><pre id="userinfo">${escapeHtml(JSON.stringify(signedIn.userinfo, null, 2))}</pre><p><a href="/logout">Abmelden</a></p>`
          : '<p><a href="/login">Anmelden</a></p>';
        const error = lastError ? `<p role="alert" id="error">${escapeHtml(lastError)}</p>` : '';
        html(res, 200, options.name, error + claims);
        return;
      }
      if (url.pathname === '/login') {
        const flow = randomBytes(16).toString('base64url');
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        flows.set(flow, { state, nonce, verifier });
        const target = client.buildAuthorizationUrl(configOf(), {
          redirect_uri: `${origin}/callback`,
          scope: options.scope,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          ...options.extra,
          // `/login?prompt=none`: a silent sign-in, only with a live session at the provider.
          ...(url.searchParams.get('prompt') ? { prompt: url.searchParams.get('prompt')! } : {}),
        });
        res.writeHead(302, {
          location: target.href,
          'set-cookie': `rp_flow=${flow}; Path=/; HttpOnly; SameSite=Lax`,
        });
        res.end();
        return;
      }
      if (url.pathname === '/callback') {
        const flow = flows.get(cookieOf(req, 'rp_flow') ?? '');
        if (!flow) {
          html(res, 400, options.name, '<p role="alert">Unbekannte Anmeldung.</p>');
          return;
        }
        flows.delete(cookieOf(req, 'rp_flow') ?? '');
        try {
          const tokens = await client.authorizationCodeGrant(configOf(), url, {
            pkceCodeVerifier: flow.verifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          });
          const claims = tokens.claims()!;
          signedIn = {
            claims,
            userinfo: await client.fetchUserInfo(configOf(), tokens.access_token, claims.sub),
            idToken: tokens.id_token!,
            scope: tokens.scope,
            refreshToken: tokens.refresh_token,
          };
          lastError = null;
        } catch (error) {
          lastError =
            error instanceof client.AuthorizationResponseError
              ? `${error.error}: ${error.error_description ?? ''}`
              : String(error);
        }
        res.writeHead(303, { location: '/' });
        res.end();
        return;
      }
      if (url.pathname === '/logout') {
        const target = client.buildEndSessionUrl(configOf(), {
          post_logout_redirect_uri: `${origin}/logged-out`,
          ...(signedIn ? { id_token_hint: signedIn.idToken } : {}),
          state: 'abgemeldet',
        });
        signedIn = null;
        res.writeHead(302, { location: target.href });
        res.end();
        return;
      }
      if (url.pathname === '/logged-out') {
        html(
          res,
          200,
          `${options.name}: abgemeldet`,
          `<p id="state">${escapeHtml(url.searchParams.get('state') ?? '')}</p><p><a href="/">Zur Startseite</a></p>`,
        );
        return;
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async register(issuer, clientId, clientSecret) {
      discovered = await client.discovery(
        new URL(issuer),
        clientId,
        undefined,
        client.ClientSecretBasic(clientSecret),
        { execute: [client.allowInsecureRequests] },
      );
    },
    signedIn: () => signedIn,
    lastError: () => lastError,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * OpenID Connect through the pool's hosted pages in Chromium (issue #32): a sample relying party
 * (openid-client, another loopback port) sends the person to the provider; the hosted sign-in page
 * takes the password and the authenticator code and hands the session to the provider; the relying
 * party receives an ID token whose claims match the account (sub, email, email_verified, name, acr
 * of two factors), then signs out through RP-initiated logout (the provider's confirmation page) to
 * its post-logout page. The hosted tab session that did the sign-in ended with the handover: the
 * next sign-in shows the form, not "Weiter zu …"; the finished interaction's URL shows "Anmeldung
 * abgelaufen". A third-party client gets the consent page first. Screens at 1280 and 375 px with axe
 * (test-results/screenshots/oidc-*).
 */
describe('OpenID Connect sign-in through the hosted pages (Chromium, openid-client)', function () {
  this.timeout(240_000);
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let origin = '';
  let issuer = '';
  let projectId = '';
  let firstParty: RelyingParty;
  let thirdParty: RelyingParty;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now().toString(36);
  const customer = `oidc.kundin.${stamp}@example.com`;
  let account: { id: string; email: string; display_name: string | null; is_verified: boolean };
  let totp: OTPAuth.TOTP;
  /** The last time step a code was used in (a code is accepted once). */
  let lastStep = 0;

  async function api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  /** A code of a time step not used before, not in the last seconds of its step. */
  async function freshCode(): Promise<string> {
    for (;;) {
      const now = Date.now() / 1000;
      const step = Math.floor(now / TOTP_PERIOD_S);
      if (step > lastStep && now % TOTP_PERIOD_S < TOTP_PERIOD_S - 4) {
        lastStep = step;
        return totp.generate({ timestamp: now * 1000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async function newPage(): Promise<Page> {
    // German, as a browser in Germany asks for it (the provider's own pages follow Accept-Language).
    const context = await launched.browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    contexts.push(context);
    return context.newPage();
  }

  /** An application of the project as the relying party's OpenID client, with its secret. */
  async function oidcClient(
    auth: Record<string, string>,
    rp: RelyingParty,
    name: string,
    firstPartyClient: boolean,
  ) {
    const applicationId = (await api('POST', '/api/v1/applications', { name, project_id: projectId }, auth))
      .id as string;
    const patched = await api(
      'PATCH',
      `/api/v1/applications/${applicationId}`,
      {
        oidc: {
          client_type: 'web',
          redirect_uris: [`${rp.origin}/callback`],
          post_logout_redirect_uris: [`${rp.origin}/logged-out`],
          grant_types: ['authorization_code', 'refresh_token'],
          first_party: firstPartyClient,
          token_endpoint_auth_method: 'client_secret_basic',
        },
      },
      auth,
    );
    const oidc = patched.oidc as { client_id: string; issuer: string };
    expect(oidc.client_id).to.equal(applicationId);
    expect(oidc.issuer).to.equal(issuer);
    const { client_secret } = await api(
      'POST',
      `/api/v1/applications/${applicationId}/oidc/secret`,
      {},
      auth,
    );
    await rp.register(issuer, applicationId, client_secret as string);
    return applicationId;
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: origin,
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    // The project owner (a fresh sign-in is the step-up the client settings ask for).
    const owner = `oidc.owner.${stamp}@example.com`;
    await api('POST', '/api/v1/auth/register', { email: owner, password: OWNER_PASSWORD });
    const token = (await api('POST', '/api/v1/auth/login', { email: owner, password: OWNER_PASSWORD }))
      .access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Brezelei', slug: `o-${stamp}` },
      auth,
    );
    projectId = (
      await api(
        'POST',
        '/api/v1/projects',
        { name: 'Shop', slug: 'shop', organization_id: organization.id },
        auth,
      )
    ).id as string;
    issuer = `${origin}/oidc/${projectId}`;
    await api(
      'PATCH',
      `/api/v1/projects/${projectId}/pool`,
      {
        methods: ['password'],
        second_factor: 'optional',
        branding: { display_name: 'Brezelei am Markt', primary_color: '#0f766e', locale: 'de' },
      },
      auth,
    );
    firstParty = await startRelyingParty({
      name: 'Brezel-Shop',
      scope: 'openid profile email',
      // Two factors asked for: the ID token's acr says they were used.
      extra: { acr_values: ACR_2FA },
    });
    thirdParty = await startRelyingParty({
      name: 'Rezepte-App',
      scope: 'openid profile email offline_access',
      extra: { prompt: 'consent' },
    });
    const shop = await oidcClient(auth, firstParty, 'Brezel-Shop', true);
    await oidcClient(auth, thirdParty, 'Rezepte-App', false);

    // The end user, registered through the shop application, with an authenticator app.
    const registered = await api(
      'POST',
      '/api/auth/register',
      { email: customer, password: PASSWORD, display_name: 'Kim Brezel' },
      { 'x-application-id': shop },
    );
    const session = await api(
      'POST',
      '/api/auth/login',
      { email: customer, password: PASSWORD },
      { 'x-application-id': shop },
    );
    const bearer = { authorization: `Bearer ${session.token as string}` };
    const started = await api('POST', '/api/v1/auth/mfa/totp', {}, bearer);
    totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(started.secret as string),
      digits: 6,
      period: TOTP_PERIOD_S,
      algorithm: 'SHA1',
    });
    await api('POST', '/api/v1/auth/mfa/totp/confirm', { code: await freshCode() }, bearer);
    account = (await api('GET', '/api/v1/auth/me', undefined, bearer)) as unknown as typeof account;
    expect(account.id).to.equal((registered.user as { id: string }).id);
    await api('POST', '/api/auth/logout', {}, { ...bearer, 'x-application-id': shop });
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await firstParty?.close();
    await thirdParty?.close();
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0, 'the server must exit cleanly on SIGTERM');
  });

  it('signs in with password and authenticator code, and the ID token matches the account', async () => {
    const page = await newPage();
    await page.goto(`${firstParty.origin}/`);
    await page.getByRole('link', { name: 'Anmelden' }).click();

    // The hosted sign-in page, acting for the OpenID interaction.
    await page.waitForURL(new RegExp(`^${origin}/p/${projectId}/sign-in\\?interaction=`));
    const url = new URL(page.url());
    expect(url.searchParams.get('client_id')).to.match(/^[0-9a-f]{24}$/);
    const uid = url.searchParams.get('interaction')!;
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    await page
      .getByText('Melden Sie sich bei Brezelei am Markt an, um zu Brezel-Shop zu gelangen.')
      .waitFor();
    await page.getByText('Brezel-Shop verlangt eine Anmeldung mit zweitem Faktor.').waitFor();
    await page.getByRole('button', { name: 'Abbrechen' }).waitFor();
    await checkScreen(page, 'sign-in', 'oidc');

    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const code = page.getByLabel('Code aus der Authenticator-App');
    await code.waitFor();
    await checkScreen(page, 'totp', 'oidc');
    await code.fill(await freshCode());
    await page.getByRole('button', { name: 'Bestätigen' }).click();

    // Back at the relying party, with the ID token's claims.
    await page.waitForURL(`${firstParty.origin}/`);
    await page.locator('#claims').waitFor();
    expect(firstParty.lastError()).to.equal(null);
    const { claims, userinfo } = firstParty.signedIn()!;
    expect(claims.iss).to.equal(issuer);
    expect(claims.sub).to.equal(account.id);
    expect(claims.acr).to.equal(ACR_2FA);
    expect(claims.amr).to.include.members(['pwd', 'otp']);
    // The scopes' claims are in the ID token (conformIdTokenClaims off), and userinfo says the same.
    const profile = {
      sub: account.id,
      email: customer,
      email_verified: account.is_verified,
      name: 'Kim Brezel',
      locale: 'de',
    };
    expect(claims).to.deep.include(profile);
    expect(userinfo).to.deep.include(profile);
    const shown = JSON.parse((await page.locator('#claims').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(shown).to.include({ sub: account.id, acr: ACR_2FA });

    // RP-initiated logout: the provider's confirmation page, then the relying party's page.
    await page.getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL(new RegExp(`^${issuer}/`));
    await page.getByRole('heading', { name: 'Abmelden?' }).waitFor();
    await checkScreen(page, 'logout', 'oidc');
    await page.getByRole('button', { name: 'Ja, abmelden' }).click();
    await page.waitForURL(new RegExp(`^${firstParty.origin}/logged-out`));
    expect(await page.locator('#state').textContent()).to.equal('abgemeldet');

    // Signed out at the provider: a silent sign-in is refused (login_required).
    await page.goto(`${firstParty.origin}/login?prompt=none`);
    await page.waitForURL(`${firstParty.origin}/`);
    await page.locator('#error').waitFor();
    expect(firstParty.lastError()).to.match(/^login_required/);
    expect(firstParty.signedIn()).to.equal(null);

    // The hosted tab session ended with the handover and was forgotten: the next sign-in in this
    // tab shows the form, not "Weiter zu Brezel-Shop" with a dead token.
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await page.waitForURL(new RegExp(`^${origin}/p/${projectId}/sign-in\\?interaction=`));
    await page.getByLabel('Passwort', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Weiter zu Brezel-Shop' }).count()).to.equal(0);
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), `iam-hosted-session:${projectId}`),
    ).to.equal(null);

    // The finished interaction's URL (say from the history) shows a page, not JSON.
    await page.goto(`${issuer}/interaction/${uid}`);
    await page.waitForURL(`${origin}/p/${projectId}/sign-in?interaction=${uid}`);
    await page.getByRole('heading', { name: 'Anmeldung abgelaufen', level: 1 }).waitFor();
  });

  it('asks for consent for a third-party client and signs in once approved', async () => {
    const page = await newPage();
    await page.goto(`${thirdParty.origin}/`);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await page.waitForURL(new RegExp(`^${origin}/p/${projectId}/sign-in\\?interaction=`));
    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const code = page.getByLabel('Code aus der Authenticator-App');
    await code.fill(await freshCode());
    await page.getByRole('button', { name: 'Bestätigen' }).click();

    await page.waitForURL(new RegExp(`^${origin}/p/${projectId}/consent\\?interaction=`));
    await page.getByRole('heading', { name: 'Zugriff erlauben', level: 1 }).waitFor();
    await page.getByText('Rezepte-App möchte auf Ihr Konto bei Brezelei am Markt zugreifen.').waitFor();
    const scopes = page.getByRole('list', { name: 'Rezepte-App erhält:' });
    expect(await scopes.getByRole('listitem').allTextContents()).to.deep.equal([
      'Ihre Identität bestätigen',
      'Ihren Namen',
      'Ihre E-Mail-Adresse',
      'Zugriff, auch wenn Sie gerade nicht angemeldet sind',
    ]);
    await checkScreen(page, 'consent', 'oidc');
    await page.getByRole('button', { name: 'Zulassen' }).click();

    await page.waitForURL(`${thirdParty.origin}/`);
    await page.locator('#claims').waitFor();
    expect(thirdParty.lastError()).to.equal(null);
    const signedIn = thirdParty.signedIn()!;
    expect(signedIn.claims.sub).to.equal(account.id);
    expect(signedIn.claims).to.deep.include({ sub: account.id, email: customer, name: 'Kim Brezel' });
    expect(signedIn.userinfo).to.deep.include({ sub: account.id, email: customer, name: 'Kim Brezel' });
    // The consent granted what was asked, offline access included.
    expect(signedIn.scope?.split(' ')).to.include.members(['openid', 'profile', 'email', 'offline_access']);
    expect(signedIn.refreshToken).to.be.a('string');
  });
});
