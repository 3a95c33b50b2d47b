import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, expectNoHorizontalOverflow, PHONE } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Layout-Passwort-1';

/**
 * What a new user hit in the signed-in screens, measured in Chromium: the header's sign-out
 * button at the window edge, the token expiry in the browser's (American) date format, a wrapped
 * label that pushed its input out of line in "Anwendung bearbeiten", and an English server
 * message for a taken slug.
 */
describe('dashboard layout and formats in Chromium', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let ids: { project: string; application: string };
  // A long address and the admin link: the widest header a user can have.
  const email = `ein.sehr.langer.name.${Date.now()}@beispiel-unternehmen.example.com`;

  async function api(route: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${route}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  async function box(locator: Locator) {
    await locator.waitFor();
    const found = await locator.boundingBox();
    expect(found, 'element has a box').to.not.equal(null);
    return found!;
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Layout' });
    const { access_token: token } = (await api('/api/v1/auth/login', { email, password: PASSWORD })) as {
      access_token: string;
    };
    // The first organization makes this user the global admin: the header gets the Admin link.
    const organization = await api(
      '/api/v1/organizations',
      { name: 'Layout GmbH', slug: 'layout-gmbh' },
      token,
    );
    const project = await api(
      '/api/v1/projects',
      { name: 'Webshop', slug: 'webshop', organization_id: organization.id },
      token,
    );
    const application = await api(
      '/api/v1/applications',
      { name: 'Shop Frontend', project_id: project.id, api_endpoint: 'https://shop.example.com/api' },
      token,
    );
    ids = { project: project.id as string, application: application.id as string };

    // The browser's own locale is American English: the dashboard must not depend on it.
    page = await launched.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('keeps the header’s sign-out button at least 16 px from the window edge, without overflow', async () => {
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Admin', exact: true }).waitFor();
    for (const width of [1280, 1440, 1200]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      const signOut = await box(header.getByRole('button', { name: 'Abmelden' }));
      expect(width - (signOut.x + signOut.width), `gap to the right edge at ${width} px`).to.be.at.least(16);
      await expectNoHorizontalOverflow(page, `/dashboard at ${width}`);
      // Every navigation link stays fully visible.
      for (const link of await header.getByRole('navigation').getByRole('link').all()) {
        const { x, width: linkWidth } = await box(link);
        expect(x + linkWidth, `${await link.textContent()} at ${width} px`).to.be.at.most(width);
      }
    }
    // Narrower windows get the menu instead, also without overflow.
    for (const width of [1100, 1024, PHONE.width]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      await header.getByRole('button', { name: 'Menü' }).waitFor();
      await expectNoHorizontalOverflow(page, `/dashboard at ${width}`);
    }
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'dashboard-header', 'layout');
  });

  it('asks for the token expiry in German format (TT.MM.JJJJ) whatever the browser’s locale', async () => {
    await page.goto(`${server.url}/tokens`);
    await page.getByRole('button', { name: 'Neuer Token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Neuen API Token erstellen' });
    const expiry = dialog.getByLabel('Ablaufdatum (optional)');
    await expiry.waitFor();
    // A text field with the German pattern, not the browser's own date control (mm/dd/yyyy here).
    expect(await expiry.evaluate((input: HTMLInputElement) => input.type)).to.equal('text');
    expect(await expiry.getAttribute('placeholder')).to.equal('TT.MM.JJJJ');

    await dialog.getByLabel('Organisation', { exact: true }).selectOption({ label: 'Layout GmbH' });
    await dialog.getByLabel('Projekt', { exact: true }).selectOption({ label: 'Webshop' });
    await dialog.getByLabel('Anwendung', { exact: true }).selectOption({ label: 'Shop Frontend' });
    await dialog.getByLabel('Name', { exact: true }).fill('Mit Ablauf');
    await dialog.getByRole('checkbox', { name: /read/ }).check();

    // An impossible date is refused in German, before anything is sent.
    await expiry.fill('31.02.2030');
    await dialog.getByRole('button', { name: 'Token erstellen' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'TT.MM.JJJJ' }).waitFor();
    expect(await expiry.getAttribute('aria-invalid')).to.equal('true');

    const year = new Date().getFullYear() + 1;
    await expiry.fill(`31.12.${year}`);
    await dialog.getByText(`Läuft ab am 31.12.${year}, 23:59`).waitFor();
    await checkScreen(page, 'token-expiry', 'layout');
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/tokens',
    );
    await dialog.getByRole('button', { name: 'Token erstellen' }).click();
    const token = (await (await created).json()) as { expires_at: string };
    // The end of that day in the browser's time zone.
    const endOfDay = await page.evaluate((y) => new Date(y, 11, 31, 23, 59, 59).getTime(), year);
    expect(Date.parse(token.expires_at)).to.equal(endOfDay);
    const secretDialog = page.getByRole('dialog', { name: 'Ihr neuer API Token' });
    await secretDialog.getByRole('button', { name: 'Fertig' }).click();
    await page
      .getByTestId('token-item')
      .filter({ hasText: 'Mit Ablauf' })
      .getByText(`31.12.${year}`)
      .waitFor();
  });

  it('lines up the fields of "Anwendung bearbeiten" even when a label wraps', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/projects/${ids.project}/applications/${ids.application}`);
    await page.getByRole('button', { name: 'Bearbeiten' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Anwendung bearbeiten' });
    const endpoint = dialog.getByLabel('API-Endpunkt (optional)');
    const version = dialog.getByLabel('Version', { exact: true });
    const fields = [dialog.getByLabel('Name', { exact: true }), endpoint, version];
    fields.push(dialog.getByLabel('Beschreibung (optional)'));

    // Side by side at 1280 px: the endpoint label wraps onto two lines, the inputs stay in line.
    const [endpointBox, versionBox] = [await box(endpoint), await box(version)];
    expect(endpointBox.x, 'side by side').to.be.below(versionBox.x);
    expect(Math.abs(endpointBox.y - versionBox.y), 'input tops').to.be.at.most(1);
    expect(Math.abs(endpointBox.height - versionBox.height), 'input heights').to.be.at.most(1);
    const labelTop = (name: string) => box(dialog.locator('label').filter({ hasText: name }));
    const [endpointLabel, versionLabel] = [await labelTop('API-Endpunkt'), await labelTop('Version')];
    expect(Math.abs(endpointLabel.y - versionLabel.y), 'label tops').to.be.at.most(1);
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'layout-edit-application-1280.png') });

    // Stacked on a phone: every input starts at the same left edge.
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    const lefts = await Promise.all(fields.map(async (field) => (await box(field)).x));
    expect(new Set(lefts.map(Math.round)).size, `left edges ${lefts.join(', ')}`).to.equal(1);
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'edit-application', 'layout');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  });

  it('explains a taken slug in German', async () => {
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('button', { name: 'Neue Organisation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Neue Organisation' });
    await dialog.getByLabel('Name', { exact: true }).fill('Layout GmbH');
    expect(await dialog.getByLabel('Slug', { exact: true }).inputValue()).to.equal('layout-gmbh');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Dieser Slug ist bereits vergeben. Bitte wählen Sie einen anderen.' })
      .waitFor();
    await page.getByText('Fehler beim Erstellen der Organisation', { exact: true }).waitFor();
    expect(await page.getByText(/already taken/).count()).to.equal(0);
  });
});
