import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP, dismissToasts, expectKeyboardOperable } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Tastatur-Passwort-1';

/**
 * Keyboard use in real Chromium: on each screen the Tab key reaches every visible control, each
 * shows where focus is, and an open dialog keeps focus inside until Escape closes it.
 */
describe('keyboard operation in Chromium', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  const email = `keyboard.${Date.now()}@example.com`;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    const response = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, display_name: 'Tastatur' }),
    });
    expect(response.status).to.equal(201);
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('the landing page', async () => {
    await page.goto(server.url);
    await page.getByTestId('api-status').filter({ hasText: 'Betriebsbereit' }).waitFor();
    const stops = await expectKeyboardOperable(page);
    expect(stops[0]).to.equal('Zum Inhalt springen');
    expect(stops).to.include('English');
  });

  it('the sign-in screen, signing in with the keyboard alone', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).waitFor();
    await expectKeyboardOperable(page);
    await page.getByLabel('E-Mail', { exact: true }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('the dashboard home', async () => {
    await page.getByRole('heading', { name: /Willkommen/ }).waitFor();
    await dismissToasts(page);
    const stops = await expectKeyboardOperable(page);
    expect(stops).to.include.members(['Organisationen', 'Projekte', 'API Tokens', 'Abmelden']);
  });

  it('a dialog keeps focus inside and closes on Escape, returning focus', async () => {
    await page.goto(`${server.url}/organizations`);
    // With no organization yet, the empty state offers the create button.
    const opener = page.getByRole('button', { name: 'Erste Organisation erstellen' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    const stops = await expectKeyboardOperable(page, '[role="dialog"]');
    expect(stops.length).to.be.greaterThan(3);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal(
      'Erste Organisation erstellen',
    );
  });
});
