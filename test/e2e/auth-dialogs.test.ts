import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

/**
 * What a new user hit on /auth, in Chromium against the built server: the forgot-password dialog
 * must not submit the sign-in form around it.
 */
describe('auth dialogs in Chromium', function () {
  this.timeout(120_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  /** Every API call the page sent, as "METHOD /path". */
  let sent: string[];

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const port = await freePort();
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: DESKTOP });
    sent = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
    });
  });

  afterEach(async () => {
    await page?.close();
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('"Passwort vergessen?" sends only the reset request, never a sign-in', async () => {
    const email = `forgot.${Date.now()}@example.com`;
    await page.goto(`${server.url}/auth`);
    const signInForm = page.getByRole('form', { name: 'Anmelden' });
    await signInForm.getByLabel('E-Mail', { exact: true }).fill(email);
    // A half-remembered password already typed: submitting the sign-in form would send it.
    await signInForm.getByLabel('Passwort', { exact: true }).fill('vielleicht-dieses');
    await signInForm.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    await dialog.waitFor();

    const reset = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/password-reset',
    );
    await dialog.getByRole('button', { name: 'Link senden' }).click();
    expect((await reset).status()).to.equal(200);
    await page.getByText('E-Mail gesendet', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Anything the submit set off has had its chance to leave by now.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));

    expect(sent).to.include('POST /api/v1/password-reset');
    expect(sent.filter((call) => call.startsWith('POST /api/v1/auth/login'))).to.deep.equal([]);
    expect(await page.getByText('Anmeldung fehlgeschlagen', { exact: true }).count()).to.equal(0);
  });
});
