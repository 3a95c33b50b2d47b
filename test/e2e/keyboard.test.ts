import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP, dismissToasts, expectKeyboardOperable } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Tastatur-Passwort-1';

/**
 * The focused element's text (or id) once focus has settled: Radix hands focus back in a
 * timeout after the dialog has left the DOM, so right after closing it is briefly on <body>.
 */
async function settledFocus(page: Page, read: 'text' | 'id', expected: string): Promise<string | undefined> {
  await page
    .waitForFunction(
      ({ read, expected }) => {
        const element = document.activeElement;
        return (read === 'id' ? element?.id : element?.textContent?.trim()) === expected;
      },
      { read, expected },
      { timeout: 2000 },
    )
    .catch(() => undefined); // the assertion below reports what was focused instead
  return page.evaluate(
    (read) => (read === 'id' ? document.activeElement?.id : document.activeElement?.textContent?.trim()),
    read,
  );
}

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
    // The footer's Webhooks link appears once the list of guides has loaded (it links only to a
    // guide that is there): a walk that started before passed the footer without it.
    await page.getByRole('link', { name: 'Webhooks' }).waitFor();
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
    expect(await settledFocus(page, 'text', 'Erste Organisation erstellen')).to.equal(
      'Erste Organisation erstellen',
    );
  });

  it('revoking a token by keyboard: confirm, then focus lands on the page, not on <body>', async () => {
    // Set up through the API what this walk needs: an organization, project, application, token.
    const post = async (path: string, body: unknown, token: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { id: string };
      expect(response.ok, `${path}: ${JSON.stringify(json)}`).to.equal(true);
      return json;
    };
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const organization = await post('/api/v1/organizations', { name: 'Tasten AG', slug: 'tasten-ag' }, token);
    const project = await post(
      '/api/v1/projects',
      { name: 'Tastenprojekt', slug: 'tastenprojekt', organization_id: organization.id },
      token,
    );
    const application = await post(
      '/api/v1/applications',
      { name: 'Tasten-App', project_id: project.id, api_endpoint: 'https://tasten.example.com/api' },
      token,
    );
    await post(
      '/api/v1/tokens',
      { name: 'Tasten-Token', scopes: ['read'], application_id: application.id },
      token,
    );

    await page.goto(`${server.url}/tokens`);
    const revoke = page.getByRole('button', { name: 'Token Tasten-Token sperren' });
    await revoke.waitFor();
    await expectKeyboardOperable(page);
    await revoke.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Token sperren?' });
    await confirm.waitFor();
    // Cancel has focus first, so a stray Enter never revokes; Tab moves on to the confirm button.
    // (Radix focuses it a moment after the dialog is drawn: waited for, then read.)
    await page
      .waitForFunction(() => document.activeElement?.textContent?.trim() === 'Abbrechen', undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Abbrechen');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal(
      'Endgültig sperren',
    );
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Gesperrt', { exact: true }).first().waitFor();
    // The revoke button went with the active token, so focus goes to the main content.
    expect(await settledFocus(page, 'id', 'main')).to.equal('main');
  });
});
