import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { bearer } from '../auth/helpers.js';
import {
  browse,
  CookieJar,
  createClient,
  createOidcPool,
  discover,
  signInEndUser,
  signInWithCode,
  startAuthorization,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * RP-initiated logout and back-channel logout (issue #32) with openid-client as the relying party:
 * the provider's confirmation and signed-out pages (German/English, CSP without script), the way
 * back to a registered post-logout URI with `state`, the refusal of an unregistered one, and the
 * logout token delivered to a loopback back-channel endpoint, verified with the issuer's JWKS.
 */

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A relying party's back-channel endpoint on loopback: records every POST, answers `status`. */
async function backchannelEndpoint(status = 200) {
  const received: Array<{ path: string; contentType: string; body: URLSearchParams }> = [];
  const waiting: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: new URLSearchParams(body),
      });
      res.writeHead(status, { 'cache-control': 'no-store' }).end();
      waiting.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The confirmation page's form: where it posts and its xsrf value. */
function logoutFormOf(html: string): { action: string; xsrf: string } {
  const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  expect(action, 'the logout form').to.be.a('string');
  expect(xsrf, 'its xsrf value').to.be.a('string');
  return { action: action!, xsrf: xsrf! };
}

/** The confirmation form submitted from the browser (`logout=yes`: "Ja, abmelden"). */
async function confirmLogout(jar: CookieJar, form: { action: string; xsrf: string }, yes: boolean) {
  const body = new URLSearchParams({ xsrf: form.xsrf });
  if (yes) body.set('logout', 'yes');
  return browse(jar, form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

/** The CSP of a response as directive → sources. */
function cspOf(response: Response): Record<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every provider page must keep: no script, one nonce'd style block allowed by the CSP. */
function expectStrictPage(response: Response, html: string): void {
  expect(html).not.to.match(/<script/i);
  expect(html).not.to.match(/\son[a-z]+=/i);
  const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
  expect(nonce, 'the style block has a nonce').to.be.a('string');
  const csp = cspOf(response);
  expect(csp['style-src'], 'style-src').to.include(`'nonce-${nonce}'`);
  expect(csp['script-src'] ?? csp['default-src'], 'no inline script allowed').not.to.include(
    "'unsafe-inline'",
  );
  expect(response.headers.get('cache-control')).to.match(/no-store/);
}

describe('OpenID provider: RP-initiated and back-channel logout (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
  });
  after(async () => {
    await t?.close();
  });

  it('confirms the logout on a German page and returns to the registered post-logout URI with state', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { run, tokens } = await signInWithCode(t, config, spa, { session: user });
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: spa.post_logout_redirect_uri,
      state: 'after-logout-42',
    });
    const page = await browse(run.jar, url.href, {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('<html lang="de">').and.include('Abmelden?');
    expect(html).to.include('Möchten Sie sich von „RP spa“ und allen anderen Anwendungen von');
    expect(html).to.include('>Ja, abmelden<').and.include('>Nur von „RP spa“ abmelden<');
    expectStrictPage(page, html);
    // The form posts to the provider, whose answer redirects to the RP: form-action allows both.
    expect(cspOf(page)['form-action']).to.include.members(["'self'", 'http://127.0.0.1:9']);

    const form = logoutFormOf(html);
    expect(new URL(form.action).href).to.equal(`${pool.issuer}/session/end/confirm`);
    const done = await confirmLogout(run.jar, form, true);
    expect(done.status).to.equal(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).to.equal(spa.post_logout_redirect_uri);
    expect(back.searchParams.get('state')).to.equal('after-logout-42');

    // Signed out at the provider: no silent sign-in any more, and the grant's tokens are revoked.
    const silent = await startAuthorization(t, config, spa, { jar: run.jar, params: { prompt: 'none' } });
    expect(new URL(silent.response.headers.get('location')!).searchParams.get('error')).to.equal(
      'login_required',
    );
    const userinfo = await fetch(`${pool.issuer}/me`, { headers: bearer(tokens.access_token) });
    expect(userinfo.status).to.equal(401);

    // The form cannot be replayed (its xsrf value belonged to the ended session).
    const replay = await browse(run.jar, form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ xsrf: form.xsrf, logout: 'yes' }),
    });
    expect(replay.status).to.equal(400);
    expect(replay.headers.get('location')).to.equal(null);
    const replayHtml = await replay.text();
    expect(replayHtml).to.include('Abmeldung nicht möglich').and.include('bereits ausgeführt');
    expectStrictPage(replay, replayHtml);
  });

  it('shows the confirmation in English and, without a post-logout URI, the signed-out page', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { run, tokens } = await signInWithCode(t, config, spa, { session: user });
    const english = { 'accept-language': 'en-GB,en;q=0.9' };
    const url = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
    const page = await browse(run.jar, url.href, { headers: english });
    const html = await page.text();
    expect(html).to.include('<html lang="en">').and.include('Do you want to sign out of “RP spa” and every');
    expect(html).to.include('>Yes, sign out<').and.include('>Only sign out of “RP spa”<');
    expectStrictPage(page, html);
    expect(cspOf(page)['form-action']).to.deep.equal(["'self'"]);

    const done = await confirmLogout(run.jar, logoutFormOf(html), true);
    expect(done.status).to.equal(303);
    const success = new URL(done.headers.get('location')!, pool.issuer);
    expect(success.href).to.equal(`${pool.issuer}/session/end/success`);
    const signedOut = await browse(run.jar, success.href, { headers: english });
    expect(signedOut.status).to.equal(200);
    const signedOutHtml = await signedOut.text();
    expect(signedOutHtml).to.include('Signed out').and.include('You have signed out.');
    expectStrictPage(signedOut, signedOutHtml);
    // In German, naming the application when the provider knows it.
    const german = await browse(run.jar, `${success.href}?client_id=${spa.client_id}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(await german.text()).to.include('Sie haben sich von „RP spa“ abgemeldet.');
  });

  it('signs out of only that application with “Nur von … abmelden”', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { run, tokens } = await signInWithCode(t, config, spa, { session: user });
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: spa.post_logout_redirect_uri,
      state: 'stay',
    });
    const page = await browse(run.jar, url.href);
    const done = await confirmLogout(run.jar, logoutFormOf(await page.text()), false);
    const back = new URL(done.headers.get('location')!);
    expect(back.searchParams.get('state')).to.equal('stay');
    // The application's grant ended (its tokens revoked); the provider's session stays.
    expect((await fetch(`${pool.issuer}/me`, { headers: bearer(tokens.access_token) })).status).to.equal(401);
    const silent = await startAuthorization(t, config, spa, { jar: run.jar, params: { prompt: 'none' } });
    expect(new URL(silent.response.headers.get('location')!).searchParams.get('code')).to.be.a('string');
  });

  it('refuses an unregistered post-logout URI with the error page, never a redirect', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { run, tokens } = await signInWithCode(t, config, spa, { session: user });
    for (const [language, expected] of [
      ['de', 'Die Adresse für die Rückkehr nach der Abmeldung (post_logout_redirect_uri)'],
      ['en', 'The address to return to after signing out (post_logout_redirect_uri)'],
    ] as const) {
      const url = client.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: 'https://evil.example.com/signed-out',
        state: 'x',
      });
      const response = await browse(run.jar, url.href, {
        headers: { 'accept-language': language, accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.status, language).to.equal(400);
      expect(response.headers.get('location')).to.equal(null);
      const html = await response.text();
      expect(html, language).to.include(expected).and.include('invalid_request');
      expect(html).to.include(language === 'de' ? 'Abmeldung nicht möglich' : 'Sign-out not possible');
      expect(html).not.to.include('evil.example.com');
      expectStrictPage(response, html);
      expect(cspOf(response)['form-action']).to.deep.equal(["'self'"]);
    }
    // An id_token_hint of one client with another client's id: refused the same way.
    const other = await createClient(t, pool, 'spa');
    const mixed = new URL(`${pool.issuer}/session/end`);
    mixed.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      client_id: other.client_id,
      post_logout_redirect_uri: other.post_logout_redirect_uri,
    }).toString();
    const mismatch = await browse(run.jar, mixed.href, { headers: { accept: 'text/html' } });
    expect(mismatch.status).to.equal(400);
    expect(mismatch.headers.get('location')).to.equal(null);
    expect(await mismatch.text()).to.include('client_id does not match');

    // Still signed in: the refusals ended nothing.
    expect((await fetch(`${pool.issuer}/me`, { headers: bearer(tokens.access_token) })).status).to.equal(200);
  });

  it('returns to the registered URI when the provider’s session has already ended', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { tokens } = await signInWithCode(t, config, spa, { session: user });
    // Another browser (no provider session): the provider submits the logout form itself.
    const jar = new CookieJar();
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: spa.post_logout_redirect_uri,
      state: 'gone',
    });
    const page = await browse(jar, url.href);
    expect(page.status).to.equal(200);
    const html = await page.text();
    const csp = cspOf(page);
    // Its one inline script is allowed by hash, and the form's redirect to the RP by form-action.
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(
      csp['script-src']!.some((source) => source.startsWith("'sha256-")),
      'script hash',
    ).to.equal(true);
    expect(script).to.include('submit()');
    expect(csp['form-action'], 'form-action').to.include('http://127.0.0.1:9');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await confirmLogout(jar, { action: `${pool.issuer}/session/end/confirm`, xsrf }, true);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).to.equal(spa.post_logout_redirect_uri);
    expect(back.searchParams.get('state')).to.equal('gone');
  });

  describe('back-channel logout', () => {
    let endpoint: Awaited<ReturnType<typeof backchannelEndpoint>>;
    let failing: Awaited<ReturnType<typeof backchannelEndpoint>>;
    before(async () => {
      endpoint = await backchannelEndpoint();
      failing = await backchannelEndpoint(500);
    });
    after(async () => {
      await endpoint?.close();
      await failing?.close();
    });

    const jwks = () => createRemoteJWKSet(new URL(`${pool.issuer}/jwks`));

    /** Verifies a received logout token the way an RP must (OpenID Back-Channel Logout 1.0 §2.6). */
    async function verifyLogoutToken(token: string, audience: string) {
      const { payload, protectedHeader } = await jwtVerify(token, jwks(), {
        issuer: pool.issuer,
        audience,
        typ: 'logout+jwt',
        algorithms: ['RS256'],
      });
      expect(payload.events).to.deep.equal({ [BACKCHANNEL_EVENT]: {} });
      expect(payload, 'a logout token has no nonce').not.to.have.property('nonce');
      expect(payload.jti).to.be.a('string');
      expect(payload.iat).to.be.a('number');
      expect(payload.exp).to.be.a('number');
      return { payload, protectedHeader };
    }

    it('delivers a verifiable logout token to every signed-in application’s loopback endpoint', async () => {
      const first = await createClient(t, pool, 'spa', {
        backchannel_logout_uri: endpoint.url('/first/backchannel'),
      });
      const second = await createClient(t, pool, 'web', {
        backchannel_logout_uri: endpoint.url('/second/backchannel'),
      });
      const app = await t.ctx.request
        .get(`/api/v1/applications/${first.client_id}`)
        .set(bearer(pool.owner.access_token));
      expect(app.body.oidc.backchannel_logout_uri).to.equal(endpoint.url('/first/backchannel'));

      const user = await signInEndUser(t, pool);
      const firstConfig = await discover(pool, first);
      const signedIn = await signInWithCode(t, firstConfig, first, { session: user });
      // The second application in the same browser: the provider's session signs it in silently.
      const secondConfig = await discover(pool, second);
      const again = await signInWithCode(t, secondConfig, second, { jar: signedIn.run.jar });
      const firstSid = signedIn.tokens.claims()!.sid as string;
      const secondSid = again.tokens.claims()!.sid as string;
      expect(firstSid, 'ID tokens carry sid (backchannel_logout_session_required)').to.be.a('string');
      expect(secondSid).to.be.a('string');

      const before = endpoint.received.length;
      const url = client.buildEndSessionUrl(firstConfig, {
        id_token_hint: signedIn.tokens.id_token!,
        post_logout_redirect_uri: first.post_logout_redirect_uri,
      });
      const page = await browse(signedIn.run.jar, url.href);
      const done = await confirmLogout(signedIn.run.jar, logoutFormOf(await page.text()), true);
      expect(done.status).to.equal(303);
      // Delivered before the browser is sent back.
      const deliveries = endpoint.received.slice(before);
      expect(deliveries.map((d) => d.path).sort()).to.deep.equal([
        '/first/backchannel',
        '/second/backchannel',
      ]);
      for (const delivery of deliveries) {
        expect(delivery.contentType).to.match(/^application\/x-www-form-urlencoded/);
        const forFirst = delivery.path === '/first/backchannel';
        const { payload } = await verifyLogoutToken(
          delivery.body.get('logout_token')!,
          forFirst ? first.client_id : second.client_id,
        );
        expect(payload.sub).to.equal(user.id);
        expect(payload.sid).to.equal(forFirst ? firstSid : secondSid);
      }
      // A token for one application does not verify for another.
      const token = deliveries.find((d) => d.path === '/first/backchannel')!.body.get('logout_token')!;
      let wrongAudience: unknown;
      try {
        await jwtVerify(token, jwks(), { issuer: pool.issuer, audience: second.client_id });
      } catch (error) {
        wrongAudience = error;
      }
      expect(wrongAudience, 'audience is the one client').to.be.instanceOf(Error);
      expect(decodeJwt(token).aud).to.equal(first.client_id);
    });

    it('notifies only the logging-out application when the person stays signed in, and survives a failing endpoint', async () => {
      const first = await createClient(t, pool, 'spa', {
        backchannel_logout_uri: failing.url('/broken'),
      });
      const second = await createClient(t, pool, 'spa', {
        backchannel_logout_uri: endpoint.url('/untouched'),
      });
      const user = await signInEndUser(t, pool);
      const firstConfig = await discover(pool, first);
      const signedIn = await signInWithCode(t, firstConfig, first, { session: user });
      await signInWithCode(t, await discover(pool, second), second, { jar: signedIn.run.jar });

      const before = endpoint.received.length;
      const failedBefore = failing.received.length;
      const url = client.buildEndSessionUrl(firstConfig, {
        id_token_hint: signedIn.tokens.id_token!,
        post_logout_redirect_uri: first.post_logout_redirect_uri,
        state: 'partial',
      });
      const page = await browse(signedIn.run.jar, url.href);
      const done = await confirmLogout(signedIn.run.jar, logoutFormOf(await page.text()), false);
      // The RP's endpoint answered 500: the logout still completes and the browser goes back.
      expect(done.status).to.equal(303);
      expect(new URL(done.headers.get('location')!).searchParams.get('state')).to.equal('partial');
      expect(failing.received.length - failedBefore, 'the first application was told').to.equal(1);
      expect(endpoint.received.length - before, 'the second application was not').to.equal(0);
    });
  });
});
