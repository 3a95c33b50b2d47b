import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { LaunchedBrowser } from '../support/browser.js';
import { checkScreen, dismissToasts, expectKeyboardOperable, freePort } from '../support/checks.js';
import { startSignedInOwner, type Api } from '../support/owner.js';
import type { StartedServer } from '../support/server.js';
import { ageSession } from '../support/stale-session.js';

const PASSWORD = 'Besitzerin-Passwort-1';

/**
 * An application becomes an OpenID Connect client in the dashboard (issue #32), in Chromium
 * against the built server: the owner picks "Webserver-App" on the application's "OpenID Connect"
 * tab, adds redirect URIs (an http address on a public host is refused in place), saves behind a
 * fresh proof of identity (the step-up dialog, the session aged past its window), creates a
 * client secret that is shown once — and works at the issuer's introspection endpoint — and
 * finds the issuer's endpoints to copy. Screens are checked with axe and for overflow, and
 * photographed at 1280 and 375 px.
 */
describe('an application as OpenID Connect client in the dashboard (Chromium)', function () {
  this.timeout(300_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let origin: string;
  let dataDir: string;
  let api: Api;
  let projectId: string;
  let applicationId: string;
  let secret = '';
  const stamp = Date.now().toString(36);
  const owner = `oidc-owner.${stamp}@example.com`;

  const tab = () => page.getByRole('tabpanel', { name: 'OpenID Connect' });
  const form = () => page.getByRole('form', { name: 'OpenID-Connect-Einstellungen' });
  const browserToken = async () =>
    (
      JSON.parse((await page.evaluate(() => localStorage.getItem('iam-session'))) ?? 'null') as {
        accessToken: string;
      }
    ).accessToken;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    // The issuer is {PUBLIC_URL}/oidc/{project}: the dashboard's own origin, so it reads discovery.
    const port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'iam-e2e-oidc-'));
    ({ server, launched, page, api, projectId, applicationId } = await startSignedInOwner({
      env: { PORT: String(port), PUBLIC_URL: origin },
      dataDir,
      origin,
      email: owner,
      password: PASSWORD,
      application: { name: 'Shop Backend' },
      // Clipboard permissions, so that the copy buttons are tried for real.
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    }));
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('configures a web server app with its redirect URIs, saved behind a fresh proof of identity', async () => {
    await page.goto(`${origin}/projects/${projectId}/applications/${applicationId}?tab=oidc`);
    await tab()
      .getByRole('heading', { name: 'Diese Anwendung ist noch kein OpenID-Connect-Client' })
      .waitFor();
    await checkScreen(page, 'empty', 'application-oidc');

    await tab()
      .getByRole('button', { name: /Webserver-App/ })
      .click();
    await form().waitFor();
    const redirect = page.getByLabel('Neue Redirect-URI');
    await redirect.fill('http://shop.example/callback');
    await redirect.press('Enter');
    await tab()
      .getByText('Nur https:// erlaubt – http:// nur für localhost, 127.0.0.1 oder [::1].')
      .waitFor();
    expect(await redirect.getAttribute('aria-invalid')).to.equal('true');
    await redirect.fill('https://shop.example/callback');
    await redirect.press('Enter');
    await redirect.fill('http://localhost:5173/callback');
    await tab()
      .getByRole('group', { name: 'Redirect-URIs', exact: true })
      .getByRole('button', { name: 'Hinzufügen' })
      .click();
    const postLogout = page.getByLabel('Neue Post-Logout-Redirect-URI');
    await postLogout.fill('https://shop.example/');
    await postLogout.press('Enter');
    await page
      .getByLabel('Back-Channel-Logout-URI (optional)')
      .fill('https://shop.example/backchannel-logout');
    await page.getByLabel('API-Identifier (optional)').fill('https://api.shop.example');
    await page.getByLabel('Neuer Scope').fill('orders:read');
    await page.getByLabel('Neuer Scope').press('Enter');
    await page.getByRole('button', { name: 'orders:read entfernen' }).waitFor();
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await checkScreen(page, 'web-client-form', 'application-oidc');
    // The list editors, the switch and every choice are reached with Tab and show their focus.
    // Blurring the scope field alone would leave Chromium's Tab starting point there, near the end.
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
    const stops = await expectKeyboardOperable(page, undefined, 200);
    expect(stops).to.include.members([
      'Einstellungen speichern',
      'https://shop.example/callback entfernen',
      'orders:read entfernen',
    ]);

    // Past the step-up window: saving asks for the password first, then saves.
    await ageSession(server, dataDir, origin, await browserToken());
    await form().getByRole('button', { name: 'Einstellungen speichern' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await stepUp.waitFor();
    await checkScreen(page, 'step-up', 'application-oidc');
    await stepUp.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await stepUp.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('OpenID-Connect-Einstellungen gespeichert', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Secret erzeugen' }).waitFor();

    const stored = (await api('GET', `/api/v1/applications/${applicationId}`)).oidc as Record<
      string,
      unknown
    >;
    expect(stored).to.deep.include({
      client_id: applicationId,
      issuer: `${origin}/oidc/${projectId}`,
      client_type: 'web',
      redirect_uris: ['https://shop.example/callback', 'http://localhost:5173/callback'],
      post_logout_redirect_uris: ['https://shop.example/'],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: true,
      token_endpoint_auth_method: 'client_secret_basic',
      backchannel_logout_uri: 'https://shop.example/backchannel-logout',
      api_identifier: 'https://api.shop.example',
      api_scopes: ['orders:read'],
      client_secret_set: false,
    });
  });

  it('creates a client secret, shows it once, and the issuer accepts it', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Secret erzeugen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr neues Client-Secret' });
    await dialog.waitFor();
    await dialog.getByText(/Es wird nicht noch einmal angezeigt/).waitFor();
    await dialog.getByRole('button', { name: 'Secret anzeigen' }).click();
    secret = await dialog.getByLabel('Client-Secret', { exact: true }).inputValue();
    expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Secret kopieren' }).click();
    await page.getByText('Kopiert', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(secret);
    await checkScreen(page, 'secret-once', 'application-oidc');

    // The secret is the client's: the introspection endpoint authenticates the client with it.
    const discovery = (await (
      await fetch(`${origin}/oidc/${projectId}/.well-known/openid-configuration`)
    ).json()) as { introspection_endpoint: string };
    const introspect = (password: string) =>
      fetch(discovery.introspection_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${applicationId}:${password}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token: 'not-a-token' }),
      });
    expect((await introspect(secret)).status).to.equal(200);
    expect((await introspect(`${secret.slice(0, -1)}x`)).status).to.equal(401);

    await dialog.getByRole('button', { name: 'Ich habe das Secret gespeichert' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tab()
      .getByText(/Aktuelles Secret erzeugt am/)
      .waitFor();
    expect(await page.content()).not.to.contain(secret);
    await page.reload();
    await form().waitFor();
    await page.getByRole('button', { name: 'Secret erneuern' }).waitFor();
    expect(await page.getByLabel('Bisheriges Secret gilt noch').inputValue()).to.equal('86400');
    expect(await page.content()).not.to.contain(secret);
  });

  it('lists the issuer’s endpoints from its discovery document, ready to copy', async () => {
    const endpoints = page.getByRole('region', { name: 'Endpunkte' });
    const discovery = (await (
      await fetch(`${origin}/oidc/${projectId}/.well-known/openid-configuration`)
    ).json()) as Record<string, string>;
    for (const field of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
      'introspection_endpoint',
      'revocation_endpoint',
    ]) {
      expect(discovery[field], field).to.be.a('string');
      await endpoints.getByText(discovery[field]!, { exact: true }).waitFor();
    }
    await endpoints.getByText(`${origin}/oidc/${projectId}/.well-known/openid-configuration`).waitFor();
    await endpoints.getByRole('button', { name: 'Token kopieren' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(discovery.token_endpoint);
    await checkScreen(page, 'configured', 'application-oidc');
  });
});
