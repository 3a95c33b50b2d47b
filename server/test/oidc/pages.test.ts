import { createHash } from 'node:crypto';
import { expect } from 'chai';
import * as client from 'openid-client';
import { bearer } from '../auth/helpers.js';
import {
  browse,
  CookieJar,
  createClient,
  createOidcPool,
  discover,
  followWithin,
  hostedPageOf,
  interactionPost,
  signInEndUser,
  signInWithCode,
  startAuthorization,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * The provider's pages are ours (issue #32): besides the error, logout and signed-out pages, the
 * self-submitting form oidc-provider answers with where the browser must POST on (RP-initiated
 * logout without a provider session, `response_mode=form_post`) — German or English by
 * Accept-Language, the pool's name, colour and logo, a visible "Weiter" button, its one script
 * allowed by hash in the CSP; and the page's card keeps a side margin on a phone.
 */

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

/** Our page: branded, the style by nonce, the one script (if any) by its hash, no handlers. */
function expectOurPage(response: Response, html: string, lang: 'de' | 'en'): void {
  expect(html).to.include(`<html lang="${lang}">`);
  expect(html).to.include('Bäckerei Körnchen');
  expect(html).not.to.include('Submitting Callback');
  expect(html).not.to.match(/\son[a-z]+=/i);
  const csp = cspOf(response);
  const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
  expect(csp['style-src']).to.include(`'nonce-${nonce}'`);
  for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const hash = createHash('sha256').update(script!).digest('base64');
    expect(csp['script-src'], 'the script is allowed by its hash').to.include(`'sha256-${hash}'`);
  }
  expect(csp['script-src']).not.to.include("'unsafe-inline'");
  // The pool's logo, and only its origin for images.
  expect(html).to.include('<img class="logo" src="https://cdn.example.com/koernchen.svg" alt="">');
  expect(csp['img-src']).to.include('https://cdn.example.com');
  expect(response.headers.get('cache-control')).to.match(/no-store/);
}

describe('OpenID provider: its pages are ours (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;
  let config: client.Configuration;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    const branded = await t.ctx.request
      .patch(`/api/v1/projects/${pool.projectId}/pool`)
      .set(bearer(pool.owner.access_token))
      .send({
        branding: {
          display_name: 'Bäckerei Körnchen',
          primary_color: '#b45309',
          logo_url: 'https://cdn.example.com/koernchen.svg',
          locale: 'de',
        },
      });
    expect(branded.status, JSON.stringify(branded.body)).to.equal(200);
    spa = await createClient(t, pool, 'spa', {}, { name: 'Brötchen-App' });
    config = await discover(pool, spa);
  });
  after(async () => {
    await t?.close();
  });

  it('keeps the card off the screen edges on a phone (side padding, border-box)', async () => {
    const page = await browse(new CookieJar(), `${pool.issuer}/session/end/success`);
    const html = await page.text();
    const style = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).to.match(/\*,\*::before,\*::after\{box-sizing:border-box\}/);
    // 1rem on each side of the card at any width: at 375 px the card is 343 px wide.
    expect(style).to.match(/(^|\n)body\{[^}]*padding:0 1rem/);
    expect(style).to.match(/(^|\n)main\{max-width:28rem;margin:10vh auto;/);
  });

  it('shows our page, not oidc-provider’s, when the provider’s session already ended at logout', async () => {
    const user = await signInEndUser(t, pool);
    const { tokens } = await signInWithCode(t, config, spa, { session: user });
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: spa.post_logout_redirect_uri,
      state: 'schon-weg',
    });
    for (const [language, lang, title, lead, button] of [
      [
        'de-DE,de;q=0.9',
        'de',
        'Abmelden …',
        'Sie werden abgemeldet und zu „Brötchen-App“ zurückgeleitet.',
        'Weiter',
      ],
      [
        'en-US,en;q=0.9',
        'en',
        'Signing out …',
        'You are being signed out and taken back to “Brötchen-App”.',
        'Continue',
      ],
    ] as const) {
      // Another browser (no provider session).
      const jar = new CookieJar();
      const page = await browse(jar, url.href, { headers: { 'accept-language': language } });
      expect(page.status).to.equal(200);
      const html = await page.text();
      expectOurPage(page, html, lang);
      expect(html).to.include(`<h1>${title}</h1>`).and.include(lead);
      expect(html).to.include(`<button class="primary" type="submit">${button}</button>`);
      const action = /<form id="op\.autoSubmit" method="post" action="([^"]+)">/.exec(html)?.[1];
      expect(action).to.equal(`${pool.issuer}/session/end/confirm`);
      // The form still works: its fields post on, and the way back goes to the registered URI.
      const xsrf = /<input type="hidden" name="xsrf" value="([^"]+)">/.exec(html)![1]!;
      expect(html).to.include('<input type="hidden" name="logout" value="yes">');
      expect(cspOf(page)['form-action']).to.include('http://127.0.0.1:9');
      const done = await browse(jar, action!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }),
      });
      expect(done.status).to.equal(303);
      const back = new URL(done.headers.get('location')!);
      expect(back.origin + back.pathname).to.equal(spa.post_logout_redirect_uri);
      expect(back.searchParams.get('state')).to.equal('schon-weg');
    }
  });

  it('shows our page for a response_mode=form_post answer, posting the code to the client', async () => {
    const user = await signInEndUser(t, pool);
    const started = await startAuthorization(t, config, spa, { params: { response_mode: 'form_post' } });
    const hosted = hostedPageOf(started.response.headers.get('location')!, t.baseUrl);
    const login = await interactionPost(t, started.jar, hosted, 'login', { token: user.token });
    const { redirect_to } = (await login.json()) as { redirect_to: string };
    const page = await followWithin(started.jar, redirect_to, t.baseUrl);
    expect(page.status).to.equal(200);
    const html = await page.text();
    // The jar's fetch sends no Accept-Language: the pool's locale (German).
    expectOurPage(page, html, 'de');
    expect(html).to.include('Sie werden zu „Brötchen-App“ weitergeleitet.');
    const action = /<form id="op\.autoSubmit" method="post" action="([^"]+)">/.exec(html)?.[1];
    expect(action).to.equal(spa.redirect_uri);
    expect(html).to.match(/<input type="hidden" name="code" value="[^"]+">/);
    expect(html).to.include(`<input type="hidden" name="state" value="${started.state}">`);
    expect(cspOf(page)['form-action']).to.include('http://127.0.0.1:9');
  });

  it('shows the error page in the browser’s language with the pool’s branding', async () => {
    const url = `${pool.issuer}/auth?client_id=${spa.client_id}&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fevil.example%2Fcb`;
    const german = await browse(new CookieJar(), url, { headers: { 'accept-language': 'de' } });
    expect(german.status).to.equal(400);
    const germanHtml = await german.text();
    expectOurPage(german, germanHtml, 'de');
    expect(germanHtml).to.include('Anmeldung nicht möglich').and.include('nicht registriert');
    const english = await browse(new CookieJar(), url, { headers: { 'accept-language': 'en' } });
    const englishHtml = await english.text();
    expectOurPage(english, englishHtml, 'en');
    expect(englishHtml).to.include('Sign-in not possible').and.include('is not registered');
  });
});
